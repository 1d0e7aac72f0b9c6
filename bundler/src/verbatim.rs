//! Items printed as written: `macro_rules!` definitions, item-position macro calls and
//! `#[rustfmt::skip]` items keep their source text (comments, spacing, doc comments),
//! re-indented only. Printing them from tokens would run a macro body into one paragraph.
//!
//! When a file is loaded, such an item's text is stored (in the comment store, so that it
//! travels with the other per-file text) and the item is tagged `#[__bundler_verbatim(N)]`.
//! When the bundle is printed, an item whose tokens are still those of its text (no path was
//! rewritten inside, nothing was pruned from it) is replaced by its text; otherwise it is
//! printed from tokens, and a braced macro call printed from tokens has them laid out an item
//! after another, rather than run into one paragraph.

use proc_macro2::{LineColumn, Span};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{Attribute, Item};

/// The name of the tag attribute and of the printed placeholder.
pub const VERBATIM: &str = "__bundler_verbatim";

fn wants_verbatim(item: &Item) -> bool {
    let attrs: &[Attribute] = match item {
        Item::Macro(_) => return true,
        Item::Const(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        _ => return false,
    };
    attrs.iter().any(|a| {
        let path = a.path();
        path.segments.len() == 2
            && path.segments[0].ident == "rustfmt"
            && path.segments[1].ident == "skip"
    })
}

/// Byte offset of a span position in `text` (columns count characters).
fn offset(text: &str, line_starts: &[usize], at: LineColumn) -> Option<usize> {
    let start = *line_starts.get(at.line.checked_sub(1)?)?;
    let line = &text[start..];
    let mut chars = line.char_indices();
    let bytes = match chars.nth(at.column) {
        Some((i, _)) => i,
        None => line.len(),
    };
    Some(start + bytes)
}

/// The tokens of an item as one string, the tag left out.
pub fn token_text(item: &Item) -> String {
    item.to_token_stream().to_string()
}

/// Tags the items of `items` (and of inline modules) that print as written, storing their text
/// and tokens in `store`.
pub fn capture(text: &str, items: &mut [Item], store: &mut Vec<String>) {
    let mut line_starts = vec![0];
    line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    capture_items(text, &line_starts, items, store);
}

fn capture_items(text: &str, line_starts: &[usize], items: &mut [Item], store: &mut Vec<String>) {
    for item in items.iter_mut() {
        if let Item::Mod(module) = item {
            if let Some((_, children)) = &mut module.content {
                capture_items(text, line_starts, children, store);
            }
            continue;
        }
        if !wants_verbatim(item) {
            continue;
        }
        let span = item.span();
        let (Some(start), Some(end)) = (
            offset(text, line_starts, span.start()),
            offset(text, line_starts, span.end()),
        ) else {
            continue;
        };
        let Some(source) = text.get(start..end) else {
            continue;
        };
        let tokens = token_text(item);
        // Only when the text is exactly this item (nothing configured out or spliced in),
        // and no string literal spans lines (re-indenting would change it).
        let same = syn::parse_str::<Item>(source).is_ok_and(|parsed| token_text(&parsed) == tokens);
        if !same || tokens.contains('\n') {
            continue;
        }
        // Stored with the first line's indentation taken off every line.
        let column = span.start().column;
        let dedented: Vec<&str> = source
            .lines()
            .enumerate()
            .map(|(i, line)| {
                let leading = line.len() - line.trim_start().len();
                if i == 0 {
                    line
                } else {
                    &line[leading.min(column)..]
                }
            })
            .collect();
        let index = store.len();
        store.push(dedented.join("\n"));
        store.push(tokens);
        let number = proc_macro2::Literal::usize_unsuffixed(index);
        let ident = syn::Ident::new(VERBATIM, Span::call_site());
        let tag: Attribute = syn::parse_quote!(#[#ident(#number)]);
        if let Some(attrs) = crate::cfg::item_attrs_mut(item) {
            attrs.push(tag);
        }
    }
}

/// The number in a tag, which is removed.
fn take_tag(item: &mut Item) -> Option<usize> {
    let attrs = crate::cfg::item_attrs_mut(item)?;
    let position = attrs.iter().position(|a| a.path().is_ident(VERBATIM))?;
    let tag = attrs.remove(position);
    tag.parse_args::<syn::LitInt>().ok()?.base10_parse().ok()
}

/// Replaces each tagged item whose tokens are unchanged by a placeholder `__bundler_verbatim!(N);`
/// (printed back as the stored text), and any other braced macro call by one whose text is
/// [`laid_out`] (added to `store`); removes every tag.
pub fn substitute(items: &mut [Item], store: &mut Vec<String>) {
    for item in items.iter_mut() {
        if let Item::Mod(module) = item {
            if let Some((_, children)) = &mut module.content {
                substitute(children, store);
            }
        }
        let tag = take_tag(item);
        let unchanged = tag.is_some_and(|index| {
            store
                .get(index + 1)
                .is_some_and(|tokens| *tokens == token_text(item))
        });
        let index = match (&*item, tag) {
            (_, Some(index)) if unchanged => index,
            (Item::Macro(call), _) => match laid_out(call) {
                Some(text) => {
                    store.push(text);
                    store.len() - 1
                }
                None => continue,
            },
            _ => continue,
        };
        let ident = syn::Ident::new(VERBATIM, Span::call_site());
        let number = proc_macro2::Literal::usize_unsuffixed(index);
        *item = syn::parse_quote!(#ident!(#number););
    }
}

/// Tokens as a list of their texts, groups as their delimiters, spacing left out (`>,` and
/// `> ,` are the same tokens to a macro).
fn flat(tokens: proc_macro2::TokenStream) -> Vec<String> {
    use proc_macro2::{Delimiter, TokenTree};
    let mut out = Vec::new();
    for tree in tokens {
        match tree {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                out.push(open.to_string());
                out.extend(flat(group.stream()));
                out.push(close.to_string());
            }
            TokenTree::Punct(punct) => out.push(punct.as_char().to_string()),
            other => out.push(other.to_string()),
        }
    }
    out
}

/// Tokens cut after each `;` and each braced group not followed by punctuation (`= { .. };`
/// goes on to its `;`) at their top level: the items of a macro call that syn cannot read as
/// items (`pub const safe fn f() {}`), one piece each.
pub fn split_items(tokens: proc_macro2::TokenStream) -> Vec<Vec<proc_macro2::TokenTree>> {
    use proc_macro2::{Delimiter, TokenTree};
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut pieces = Vec::new();
    let mut current: Vec<TokenTree> = Vec::new();
    for (index, tree) in trees.iter().enumerate() {
        // A braced group followed by `;` or an operator (`= { .. };`) goes on.
        let continues =
            matches!(trees.get(index + 1), Some(TokenTree::Punct(p)) if p.as_char() != '#');
        let ends = match tree {
            TokenTree::Punct(p) => p.as_char() == ';',
            TokenTree::Group(g) => g.delimiter() == Delimiter::Brace && !continues,
            _ => false,
        };
        current.push(tree.clone());
        if ends {
            pieces.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// Tokens as prettyplease spaces and wraps a macro's arguments (`(0..10).map(|x| x * x)`).
fn token_text_spaced(tokens: &proc_macro2::TokenStream) -> String {
    let item: Item = syn::parse_quote!(__piece! { #tokens });
    let printed = prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![item],
    });
    let lines: Vec<&str> = printed.lines().collect();
    match (lines.first(), lines.last()) {
        (Some(&"__piece! {"), Some(&"}")) if lines.len() > 2 => {
            let body: Vec<&str> = lines[1..lines.len() - 1]
                .iter()
                .map(|line| line.strip_prefix("    ").unwrap_or(line))
                .collect();
            body.join("\n") + "\n"
        }
        _ => tokens.to_string() + "\n",
    }
}

/// The text of a macro call's tokens laid out, an item after another: the items syn reads (or
/// else the pieces of [`split_items`]), each printed as an item where that gives back the same
/// tokens (not where it adds a trailing comma a macro would refuse), else as tokens on a line.
fn layout_tokens(tokens: &proc_macro2::TokenStream) -> String {
    let pieces: Vec<proc_macro2::TokenStream> = match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(inner) => inner.items.iter().map(ToTokens::to_token_stream).collect(),
        Err(_) => split_items(tokens.clone())
            .into_iter()
            .map(|trees| trees.into_iter().collect())
            .collect(),
    };
    let mut out = String::new();
    for piece in pieces {
        let printed = syn::parse2::<Item>(piece.clone()).ok().map(|item| {
            prettyplease::unparse(&syn::File {
                shebang: None,
                attrs: Vec::new(),
                items: vec![item],
            })
        });
        let same = |text: &String| {
            text.parse::<proc_macro2::TokenStream>()
                .is_ok_and(|reparsed| flat(reparsed) == flat(piece.clone()))
        };
        match printed.filter(same) {
            Some(text) => out.push_str(&text),
            None => out.push_str(&token_text_spaced(&piece)),
        }
    }
    out
}

/// A braced item-position macro call (`s! { pub struct A { .. } .. }`) printed with its tokens
/// laid out by [`layout_tokens`]; `None` when they would not print back as the same tokens.
fn laid_out(call: &syn::ItemMacro) -> Option<String> {
    if call.ident.is_some() || !matches!(call.mac.delimiter, syn::MacroDelimiter::Brace(_)) {
        return None;
    }
    let body = layout_tokens(&call.mac.tokens);
    let reparsed: proc_macro2::TokenStream = body.parse().ok()?;
    let same = flat(reparsed) == flat(call.mac.tokens.clone());
    if call.mac.tokens.is_empty() || !same || body.contains("__bundler_") {
        return None;
    }
    let mut empty = call.clone();
    empty.mac.tokens = proc_macro2::TokenStream::new();
    let head = prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![Item::Macro(empty)],
    });
    let head = head.trim_end().strip_suffix("{}")?;
    Some(format!("{head}{{\n{}}}", reindent(&body, "    ")))
}

/// A stored text, every non-empty line moved right by `indent`.
pub fn reindent(text: &str, indent: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.lines() {
        if !line.trim().is_empty() {
            out.push_str(indent);
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn macro_bodies_keep_their_text() {
        let text = "mod m {\n    /// Adds.\n    macro_rules! add {\n        // the only rule\n        ($a:expr, $b:expr) => {\n            $a + $b\n        };\n    }\n}\n#[rustfmt::skip]\nconst T: [[u8; 2]; 2] = [\n    [1, 2],\n    [3, 4],\n];\nconst U: u8 = 1;\n";
        let mut items = syn::parse_file(text).expect("parses").items;
        let mut store = Vec::new();
        capture(text, &mut items, &mut store);
        assert_eq!(store.len(), 4, "{store:?}");
        assert!(store[0].starts_with("/// Adds.\nmacro_rules! add {\n    // the only rule"));
        assert!(store[2].starts_with("#[rustfmt::skip]\nconst T"));
        substitute(&mut items, &mut store);
        let file = syn::File {
            shebang: None,
            attrs: Vec::new(),
            items,
        };
        let printed = prettyplease::unparse(&file);
        assert!(printed.contains("__bundler_verbatim!(0);"), "{printed}");
        assert!(printed.contains("__bundler_verbatim!(2);"), "{printed}");
        assert!(printed.contains("const U: u8 = 1;"), "{printed}");
        assert_eq!(
            reindent(&store[0], "  "),
            "  /// Adds.\n  macro_rules! add {\n      // the only rule\n      ($a:expr, $b:expr) => {\n          $a + $b\n      };\n  }\n"
        );
    }

    #[test]
    fn a_changed_macro_call_is_laid_out_item_by_item() {
        let call: syn::ItemMacro = syn::parse_quote! {
            s! { pub struct A { pub x: crate::lib::T, } pub struct B(u8); }
        };
        assert_eq!(
            laid_out(&call).as_deref(),
            Some("s! {\n    pub struct A {\n        pub x: crate::lib::T,\n    }\n    pub struct B(u8);\n}")
        );
        // Not items to syn: a piece a line, as tokens where printing would change them.
        let call: syn::ItemMacro = syn::parse_quote! {
            f! { pub const safe fn one() -> u32 { 1 } pub fn g(a_long_parameter_name: crate::lib::SomeLongTypeName, another_one: crate::lib::SomeLongTypeName) -> u32 { 2 } }
        };
        let text = laid_out(&call).expect("laid out");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1], "    pub const safe fn one() -> u32 { 1 }",
            "{text}"
        );
        assert!(
            lines[2].starts_with("    pub fn g(a_long_parameter_name"),
            "{text}"
        );
        assert!(!text.contains("SomeLongTypeName,\n"), "{text}");
        let paren: syn::ItemMacro = syn::parse_quote!(m!(pub struct A;););
        assert_eq!(laid_out(&paren), None);
    }
}
