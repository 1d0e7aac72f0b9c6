//! Writing out one call of a `macro_rules!` macro: its arms are tried in order, the first whose
//! matcher takes all of the call's tokens is transcribed. Fragments are read with syn
//! (`ident`, `literal`, `path`, `ty`, `expr`, `tt`, ...), repetitions greedily (`$(..),*`,
//! `+`, `?`, nested), so a matcher that needs rustc's look-ahead (`$($t:tt)* ;`) does not match
//! here and the caller decides what to do. `$crate` becomes `crate`: the call is written in the
//! macro's own crate. A `$name` the matcher did not bind stays as written, as rustc leaves it
//! (the metavariables of a macro defined inside the body).

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use std::collections::BTreeMap;
use syn::parse::{ParseStream, Parser};

/// One piece of a matcher.
#[derive(Debug, Clone)]
enum Piece {
    /// A token to meet as it is (compared as text).
    Token(String),
    Group(Delimiter, Vec<Piece>),
    /// `$name:fragment`.
    Var(String, String),
    /// `$( .. ) sep op`.
    Repeat(Vec<Piece>, Option<String>, char),
}

/// What a matcher bound: a fragment's tokens, or one binding per repetition.
#[derive(Debug, Clone)]
enum Binding {
    One(TokenStream),
    Many(Vec<BTreeMap<String, Binding>>),
}

type Bindings = BTreeMap<String, Binding>;

fn is_punct(tree: Option<&TokenTree>, ch: char) -> bool {
    matches!(tree, Some(TokenTree::Punct(p)) if p.as_char() == ch)
}

/// The matcher of one arm; `None` for a form not read here.
fn matcher(tokens: TokenStream) -> Option<Vec<Piece>> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < trees.len() {
        match &trees[at] {
            TokenTree::Punct(dollar) if dollar.as_char() == '$' => match trees.get(at + 1)? {
                TokenTree::Ident(name) if is_punct(trees.get(at + 2), ':') => {
                    let TokenTree::Ident(kind) = trees.get(at + 3)? else {
                        return None;
                    };
                    pieces.push(Piece::Var(name.to_string(), kind.to_string()));
                    at += 4;
                }
                TokenTree::Group(group) if group.delimiter() == Delimiter::Parenthesis => {
                    let inner = matcher(group.stream())?;
                    let (separator, op, used) = repetition_tail(&trees[at + 2..])?;
                    pieces.push(Piece::Repeat(inner, separator, op));
                    at += 2 + used;
                }
                _ => return None,
            },
            TokenTree::Group(group) => {
                pieces.push(Piece::Group(group.delimiter(), matcher(group.stream())?));
                at += 1;
            }
            other => {
                pieces.push(Piece::Token(other.to_string()));
                at += 1;
            }
        }
    }
    Some(pieces)
}

/// The separator and operator after `$( .. )`, and how many tokens they take.
fn repetition_tail(rest: &[TokenTree]) -> Option<(Option<String>, char, usize)> {
    let op = |tree: Option<&TokenTree>| match tree {
        Some(TokenTree::Punct(p)) if matches!(p.as_char(), '*' | '+' | '?') => Some(p.as_char()),
        _ => None,
    };
    if let Some(op) = op(rest.first()) {
        return Some((None, op, 1));
    }
    let separator = rest.first()?.to_string();
    Some((Some(separator), op(rest.get(1))?, 2))
}

/// Reads one fragment of `kind` from the front of `trees`: its tokens and how many it took.
fn fragment(kind: &str, trees: &[TokenTree]) -> Option<(TokenStream, usize)> {
    if kind == "tt" {
        return trees.first().map(|tree| (tree.clone().into(), 1));
    }
    let tokens: TokenStream = trees.iter().cloned().collect();
    let parser = |input: ParseStream| -> syn::Result<(TokenStream, TokenStream)> {
        let bound = match kind {
            "ident" => {
                let ident: Ident = syn::ext::IdentExt::parse_any(input)?;
                TokenTree::Ident(ident).into()
            }
            "literal" => {
                let minus: Option<syn::Token![-]> = input.parse()?;
                let lit: syn::Lit = input.parse()?;
                let mut out = TokenStream::new();
                if minus.is_some() {
                    out.extend([TokenTree::Punct(Punct::new('-', Spacing::Alone))]);
                }
                out.extend(quote::quote!(#lit));
                out
            }
            "lifetime" => quote::ToTokens::into_token_stream(input.parse::<syn::Lifetime>()?),
            "path" => quote::ToTokens::into_token_stream(input.parse::<syn::Path>()?),
            "ty" => quote::ToTokens::into_token_stream(input.parse::<syn::Type>()?),
            "expr" => {
                let expr: syn::Expr = input.parse()?;
                // An expression stays one operand where it is put, as rustc keeps it; those
                // that bind tighter than any operator need no parentheses.
                match expr {
                    syn::Expr::Lit(_)
                    | syn::Expr::Path(_)
                    | syn::Expr::Call(_)
                    | syn::Expr::MethodCall(_)
                    | syn::Expr::Field(_)
                    | syn::Expr::Index(_)
                    | syn::Expr::Paren(_)
                    | syn::Expr::Tuple(_)
                    | syn::Expr::Array(_)
                    | syn::Expr::Macro(_) => quote::quote!(#expr),
                    other => quote::quote!((#other)),
                }
            }
            "vis" => quote::ToTokens::into_token_stream(input.parse::<syn::Visibility>()?),
            "item" => quote::ToTokens::into_token_stream(input.parse::<syn::Item>()?),
            "block" => quote::ToTokens::into_token_stream(input.parse::<syn::Block>()?),
            "meta" => quote::ToTokens::into_token_stream(input.parse::<syn::Meta>()?),
            "stmt" => quote::ToTokens::into_token_stream(input.parse::<syn::Stmt>()?),
            "pat" => {
                quote::ToTokens::into_token_stream(syn::Pat::parse_multi_with_leading_vert(input)?)
            }
            "pat_param" => quote::ToTokens::into_token_stream(syn::Pat::parse_single(input)?),
            _ => return Err(input.error("fragment kind not read here")),
        };
        Ok((bound, input.parse()?))
    };
    let (bound, rest) = parser.parse2(tokens).ok()?;
    let used = trees.len() - rest.into_iter().count();
    (used > 0 || kind == "vis").then_some((bound, used))
}

/// Matches `pieces` against the front of `trees`, binding into `bindings`; how many tokens
/// matched.
fn match_pieces(pieces: &[Piece], trees: &[TokenTree], bindings: &mut Bindings) -> Option<usize> {
    let mut at = 0;
    for piece in pieces {
        match piece {
            Piece::Token(text) => {
                if trees.get(at)?.to_string() != *text {
                    return None;
                }
                at += 1;
            }
            Piece::Group(delimiter, inner) => {
                let TokenTree::Group(group) = trees.get(at)? else {
                    return None;
                };
                if group.delimiter() != *delimiter {
                    return None;
                }
                let content: Vec<TokenTree> = group.stream().into_iter().collect();
                if match_pieces(inner, &content, bindings)? != content.len() {
                    return None;
                }
                at += 1;
            }
            Piece::Var(name, kind) => {
                let (bound, used) = fragment(kind, &trees[at..])?;
                bindings.insert(name.clone(), Binding::One(bound));
                at += used;
            }
            Piece::Repeat(inner, separator, op) => {
                let mut rounds: Vec<Bindings> = Vec::new();
                loop {
                    let mut start = at;
                    if let (Some(separator), false) = (separator, rounds.is_empty()) {
                        match trees.get(start) {
                            Some(tree) if tree.to_string() == *separator => start += 1,
                            _ => break,
                        }
                    }
                    let mut round = Bindings::new();
                    match match_pieces(inner, &trees[start..], &mut round) {
                        Some(used) if used > 0 => {
                            at = start + used;
                            rounds.push(round);
                        }
                        _ => break,
                    }
                    if *op == '?' {
                        break;
                    }
                }
                if *op == '+' && rounds.is_empty() {
                    return None;
                }
                for name in variables(inner) {
                    bindings.insert(name, Binding::Many(rounds.clone()));
                }
            }
        }
    }
    Some(at)
}

/// The metavariables a matcher binds, at any depth.
fn variables(pieces: &[Piece]) -> Vec<String> {
    let mut names = Vec::new();
    for piece in pieces {
        match piece {
            Piece::Var(name, _) => names.push(name.clone()),
            Piece::Group(_, inner) | Piece::Repeat(inner, _, _) => names.extend(variables(inner)),
            Piece::Token(_) => {}
        }
    }
    names
}

/// The binding of `name` for the rounds `path` of the repetitions around it.
fn lookup<'a>(bindings: &'a Bindings, name: &str, path: &[usize]) -> Option<&'a Binding> {
    let mut current = bindings.get(name)?;
    for &round in path {
        match current {
            Binding::One(_) => return Some(current),
            Binding::Many(rounds) => current = rounds.get(round)?.get(name)?,
        }
    }
    Some(current)
}

/// The metavariable names a transcriber uses.
fn used_names(trees: &[TokenTree], names: &mut Vec<String>) {
    for (at, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident)
                if is_punct(at.checked_sub(1).and_then(|p| trees.get(p)), '$') =>
            {
                names.push(ident.to_string())
            }
            TokenTree::Group(group) => {
                used_names(&group.stream().into_iter().collect::<Vec<_>>(), names)
            }
            _ => {}
        }
    }
}

/// Writes the body `trees` with `bindings`, inside the repetition rounds `path`.
fn transcribe(trees: &[TokenTree], bindings: &Bindings, path: &[usize]) -> Option<TokenStream> {
    let mut out: Vec<TokenTree> = Vec::new();
    let mut at = 0;
    while at < trees.len() {
        match &trees[at] {
            TokenTree::Punct(dollar) if dollar.as_char() == '$' => match trees.get(at + 1)? {
                TokenTree::Ident(name) if name == "crate" => {
                    out.push(TokenTree::Ident(Ident::new("crate", name.span())));
                    at += 2;
                }
                // A name the matcher did not bind stays as written (a macro defined inside the
                // body has its own metavariables).
                TokenTree::Ident(name) if !bindings.contains_key(&name.to_string()) => {
                    out.extend(trees[at..at + 2].iter().cloned());
                    at += 2;
                }
                TokenTree::Ident(name) => {
                    let Binding::One(tokens) = lookup(bindings, &name.to_string(), path)? else {
                        return None;
                    };
                    out.extend(tokens.clone());
                    at += 2;
                }
                TokenTree::Group(group) if group.delimiter() == Delimiter::Parenthesis => {
                    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                    let (separator, _, used) = repetition_tail(&trees[at + 2..])?;
                    let mut names = Vec::new();
                    used_names(&inner, &mut names);
                    let rounds = names
                        .iter()
                        .filter_map(|name| match lookup(bindings, name, path)? {
                            Binding::Many(rounds) => Some(rounds.len()),
                            Binding::One(_) => None,
                        })
                        .max()?;
                    for round in 0..rounds {
                        if round > 0 {
                            if let Some(separator) = &separator {
                                out.extend(separator.parse::<TokenStream>().ok()?);
                            }
                        }
                        let mut deeper = path.to_vec();
                        deeper.push(round);
                        out.extend(transcribe(&inner, bindings, &deeper)?);
                    }
                    at += 2 + used;
                }
                _ => return None,
            },
            TokenTree::Group(group) => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                let mut written =
                    Group::new(group.delimiter(), transcribe(&inner, bindings, path)?);
                written.set_span(Span::call_site());
                out.push(TokenTree::Group(written));
                at += 1;
            }
            other => {
                out.push(other.clone());
                at += 1;
            }
        }
    }
    Some(out.into_iter().collect())
}

/// The arms of a `macro_rules!` definition's tokens: (matcher, body).
fn arms(tokens: TokenStream) -> Vec<(TokenStream, TokenStream)> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while let (Some(TokenTree::Group(pattern)), true, true, Some(TokenTree::Group(body))) = (
        trees.get(at),
        is_punct(trees.get(at + 1), '='),
        is_punct(trees.get(at + 2), '>'),
        trees.get(at + 3),
    ) {
        out.push((pattern.stream(), body.stream()));
        at += 4;
        if is_punct(trees.get(at), ';') {
            at += 1;
        }
    }
    out
}

/// The tokens a call with `input` writes under the definition `definition` (a `macro_rules!`
/// body); `None` when no arm matches as read here.
pub fn expand(definition: TokenStream, input: TokenStream) -> Option<TokenStream> {
    let trees: Vec<TokenTree> = input.into_iter().collect();
    for (pattern, body) in arms(definition) {
        let Some(pieces) = matcher(pattern) else {
            continue;
        };
        let mut bindings = Bindings::new();
        if match_pieces(&pieces, &trees, &mut bindings) != Some(trees.len()) {
            continue;
        }
        return transcribe(&body.into_iter().collect::<Vec<_>>(), &bindings, &[]);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(definition: &str, call: &str) -> Option<String> {
        expand(definition.parse().unwrap(), call.parse().unwrap()).map(|t| t.to_string())
    }

    #[test]
    fn fragments_and_repetitions_are_bound_and_written() {
        let definition = r#"
            ($feature:literal, $module:ident, $path:path $(, $traits:ident)* $(,)?) => {
                #[cfg(feature = $feature)]
                mod $module { pub use $path::{$($traits),*}; }
            };
        "#;
        assert_eq!(
            written(definition, r#""add", add_traits, core::ops, Add, Sub,"#).unwrap(),
            "# [cfg (feature = \"add\")] mod add_traits { pub use core :: ops :: { Add , Sub } ; }"
        );
        let nested =
            "($($name:ident => [$($v:expr),*]);*) => { $(const $name: &[i32] = &[$($v),*];)* };";
        assert_eq!(
            written(nested, "A => [1, 2 + 3]; B => []").unwrap(),
            "const A : & [i32] = & [1 , (2 + 3)] ; const B : & [i32] = & [] ;"
        );
    }

    #[test]
    fn arms_are_tried_in_order_and_crate_is_the_macro_s_own() {
        let definition =
            "(one) => { fn one() -> u8 { $crate::ONE } }; ($x:ident) => { fn $x() {} };";
        assert_eq!(
            written(definition, "one").unwrap(),
            "fn one () -> u8 { crate :: ONE }"
        );
        assert_eq!(written(definition, "two").unwrap(), "fn two () { }");
        assert!(written(definition, "1").is_none());
    }

    #[test]
    fn a_macro_defined_inside_keeps_its_own_metavariables() {
        let definition = "() => { macro_rules! tri { ($e:expr) => { $e? }; } };";
        assert_eq!(
            written(definition, "").unwrap(),
            "macro_rules ! tri { ($ e : expr) => { $ e ? } ; }"
        );
    }

    #[test]
    fn a_matcher_that_needs_look_ahead_is_not_matched() {
        let definition = "($($t:tt)* ; $last:ident) => { $last };";
        assert!(written(definition, "a b ; c").is_none());
    }
}
