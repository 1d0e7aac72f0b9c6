//! Calls, in item position, of the crate's own `macro_rules!` macros that the loader writes out
//! before rustc would:
//! - a call whose expansion declares a module from a file (libc's `prelude!()` holds `mod
//!   types;`): the loader must see that `mod` to bring the file in. It is written out when one
//!   of the macro's arms matches the call's tokens exactly and that arm's body has no
//!   metavariable;
//! - any call of an item wrapper (`($($i:item)*) => ($(#[cfg(feature = "std")] $i)*)`,
//!   failure's `with_std!`, tokio's `cfg_rt!`): its items then get the paths, cfgs and files of
//!   items written as such;
//! - any other call of a macro whose body declares a module from a file (also through a
//!   metavariable, `mod $name;`), or names a feature through a metavariable (`#[cfg(feature = $feature)]`, derive_more's
//!   `re_export_traits!`), written out by [`crate::macro_rules`]. Without features rustc takes
//!   any `feature = ..` as false, so such a call left to rustc would change what the program
//!   does; the loader refuses one it cannot write out.
//!
//! Any other call is left to rustc.

use crate::cfg::item_attrs_mut;
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::{Item, ItemMacro};

/// Whether `tokens` hold `mod name;` anywhere, groups included.
pub fn declares_file_module(tokens: TokenStream) -> bool {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    trees.iter().enumerate().any(|(at, tree)| match tree {
        TokenTree::Group(group) => declares_file_module(group.stream()),
        TokenTree::Ident(word) if word == "mod" => matches!(
            (trees.get(at + 1), trees.get(at + 2)),
            (Some(TokenTree::Ident(_)), Some(TokenTree::Punct(semi))) if semi.as_char() == ';'
        ),
        _ => false,
    })
}

/// Whether a macro's body names a feature through a metavariable (`feature = $name`).
pub fn feature_dependent(definition: &ItemMacro) -> bool {
    fn scan(tokens: TokenStream) -> bool {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        trees.iter().enumerate().any(|(at, tree)| match tree {
            TokenTree::Group(group) => scan(group.stream()),
            TokenTree::Ident(word) if word == "feature" => matches!(
                (trees.get(at + 1), trees.get(at + 2)),
                (Some(TokenTree::Punct(eq)), Some(TokenTree::Punct(dollar)))
                    if eq.as_char() == '=' && dollar.as_char() == '$'
            ),
            _ => false,
        })
    }
    scan(definition.mac.tokens.clone())
}

/// Whether a macro's body declares a file module named by a metavariable (`mod $name;`).
fn declares_module_by_metavariable(tokens: TokenStream) -> bool {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    trees.iter().enumerate().any(|(at, tree)| match tree {
        TokenTree::Group(group) => declares_module_by_metavariable(group.stream()),
        TokenTree::Ident(word) if word == "mod" => matches!(
            (trees.get(at + 1), trees.get(at + 2), trees.get(at + 3)),
            (Some(TokenTree::Punct(dollar)), Some(TokenTree::Ident(_)), Some(TokenTree::Punct(semi)))
                if dollar.as_char() == '$' && semi.as_char() == ';'
        ),
        _ => false,
    })
}

fn has_metavariable(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Group(group) => has_metavariable(group.stream()),
        TokenTree::Punct(punct) => punct.as_char() == '$',
        _ => false,
    })
}

/// The arms of a `macro_rules!` definition: (pattern, body).
fn arms(definition: &ItemMacro) -> Vec<(TokenStream, TokenStream)> {
    let trees: Vec<TokenTree> = definition.mac.tokens.clone().into_iter().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while let (
        Some(TokenTree::Group(pattern)),
        Some(TokenTree::Punct(eq)),
        Some(TokenTree::Punct(gt)),
        Some(TokenTree::Group(body)),
    ) = (
        trees.get(at),
        trees.get(at + 1),
        trees.get(at + 2),
        trees.get(at + 3),
    ) {
        if eq.as_char() != '=' || gt.as_char() != '>' || body.delimiter() == Delimiter::None {
            break;
        }
        out.push((pattern.stream(), body.stream()));
        at += 4;
        if matches!(trees.get(at), Some(TokenTree::Punct(semi)) if semi.as_char() == ';') {
            at += 1;
        }
    }
    out
}

/// The items `call` expands to under `definition`, each carrying the call's attributes; `None`
/// when the definition declares no file module, or no arm matches the call literally.
pub fn expand(definition: &ItemMacro, call: &ItemMacro) -> Option<Vec<Item>> {
    if let Some(items) = wrap_items(definition, call) {
        return Some(items);
    }
    let body = definition.mac.tokens.clone();
    if feature_dependent(definition)
        || declares_module_by_metavariable(body.clone())
        || declares_file_module(body)
    {
        let written =
            crate::macro_rules::expand(definition.mac.tokens.clone(), call.mac.tokens.clone())?;
        let mut items = parse_items(written)?;
        for item in &mut items {
            if let Some(attrs) = item_attrs_mut(item) {
                attrs.splice(0..0, call.attrs.iter().cloned());
            }
        }
        return Some(items);
    }
    if !declares_file_module(definition.mac.tokens.clone()) {
        return None;
    }
    let written = call.mac.tokens.to_string();
    let (_, body) = arms(definition).into_iter().find(|(pattern, _)| {
        !has_metavariable(pattern.clone()) && pattern.to_string() == written
    })?;
    if has_metavariable(body.clone()) {
        return None;
    }
    let mut items = parse_items(body)?;
    for item in &mut items {
        if let Some(attrs) = item_attrs_mut(item) {
            attrs.splice(0..0, call.attrs.iter().cloned());
        }
    }
    Some(items)
}

/// The metavariable of an item wrapper's repetition: `NAME` of `$($NAME:item)*`.
fn item_repetition(pattern: &[TokenTree]) -> Option<String> {
    let [TokenTree::Punct(dollar), TokenTree::Group(group), TokenTree::Punct(star)] = pattern
    else {
        return None;
    };
    if dollar.as_char() != '$' || star.as_char() != '*' {
        return None;
    }
    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
    match inner.as_slice() {
        [TokenTree::Punct(d), TokenTree::Ident(name), TokenTree::Punct(colon), TokenTree::Ident(kind)]
            if d.as_char() == '$' && colon.as_char() == ':' && kind == "item" =>
        {
            Some(name.to_string())
        }
        _ => None,
    }
}

/// `tokens` with each `$name` replaced by `item`; `None` if another metavariable is used.
fn substitute(tokens: TokenStream, name: &str, item: &TokenStream) -> Option<TokenStream> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::new();
    let mut at = 0;
    while at < trees.len() {
        match &trees[at] {
            TokenTree::Punct(dollar) if dollar.as_char() == '$' => {
                match trees.get(at + 1) {
                    Some(TokenTree::Ident(ident)) if ident == name => out.extend(item.clone()),
                    _ => return None,
                }
                at += 2;
                continue;
            }
            TokenTree::Group(group) => {
                let inner = substitute(group.stream(), name, item)?;
                out.push(TokenTree::Group(proc_macro2::Group::new(
                    group.delimiter(),
                    inner,
                )));
            }
            other => out.push(other.clone()),
        }
        at += 1;
    }
    Some(out.into_iter().collect())
}

/// An item wrapper's expansion: each item of the call written into the repeated body.
fn wrap_items(definition: &ItemMacro, call: &ItemMacro) -> Option<Vec<Item>> {
    let [(pattern, body)] = arms(definition).try_into().ok()?;
    let name = item_repetition(&pattern.into_iter().collect::<Vec<_>>())?;
    let body: Vec<TokenTree> = body.into_iter().collect();
    let [TokenTree::Punct(dollar), TokenTree::Group(repeated), TokenTree::Punct(star)] =
        body.as_slice()
    else {
        return None;
    };
    if dollar.as_char() != '$' || star.as_char() != '*' {
        return None;
    }
    let called = parse_items(call.mac.tokens.clone())?;
    let mut written = TokenStream::new();
    for item in called {
        let item = quote::ToTokens::into_token_stream(item);
        written.extend(substitute(repeated.stream(), &name, &item)?);
    }
    let mut items = parse_items(written)?;
    for item in &mut items {
        if let Some(attrs) = item_attrs_mut(item) {
            attrs.splice(0..0, call.attrs.iter().cloned());
        }
    }
    Some(items)
}

/// The items of written-out tokens. A `;` between them is skipped: the one that ended an
/// `include!(..);` the loader already replaced by the file's items.
fn parse_items(tokens: TokenStream) -> Option<Vec<Item>> {
    Parser::parse2(
        |input: ParseStream| {
            let mut items = Vec::new();
            while !input.is_empty() {
                if input.parse::<Option<syn::Token![;]>>()?.is_some() {
                    continue;
                }
                items.push(input.parse::<Item>()?);
            }
            Ok(items)
        },
        tokens,
    )
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn macro_item(code: &str) -> ItemMacro {
        syn::parse_str(code).expect("parses")
    }

    fn shown(items: &[Item]) -> String {
        items
            .iter()
            .map(|item| item.to_token_stream().to_string())
            .collect::<Vec<_>>()
            .join(" | ")
    }

    #[test]
    fn a_literal_arm_that_declares_a_module_is_written_out_with_the_call_attributes() {
        let definition = macro_item(
            "macro_rules! prelude { (x) => { fn other() {} }; () => { mod types; pub(crate) mod prelude { pub use core::clone::Clone; } }; }",
        );
        let call = macro_item("#[cfg(unix)] prelude!();");
        let items = expand(&definition, &call).expect("expands");
        assert_eq!(
            shown(&items),
            "# [cfg (unix)] mod types ; | # [cfg (unix)] pub (crate) mod prelude { pub use core :: clone :: Clone ; }"
        );
    }

    #[test]
    fn an_item_wrapper_around_file_modules_is_written_out() {
        let definition = macro_item(
            "macro_rules! with_std { ($($i:item)*) => ($(#[cfg(feature = \"std\")] $i)*) }",
        );
        let call = macro_item("with_std! { mod error; /// Docs.\n pub use error::Error; }");
        let items = expand(&definition, &call).expect("expands");
        assert_eq!(
            shown(&items),
            "# [cfg (feature = \"std\")] mod error ; | # [cfg (feature = \"std\")] # [doc = \" Docs.\"] pub use error :: Error ;"
        );
        let two_variables = macro_item("macro_rules! w { ($($i:item)*) => ($(#[cfg($x)] $i)*) }");
        assert!(expand(&two_variables, &call).is_none());
    }

    #[test]
    fn a_call_naming_a_feature_through_a_metavariable_is_written_out() {
        let definition = macro_item(
            "macro_rules! pick { ($f:literal, $name:ident) => { #[cfg(feature = $f)] fn $name() {} }; }",
        );
        assert!(feature_dependent(&definition));
        let items = expand(&definition, &macro_item("pick!(\"fast\", go);")).expect("expands");
        assert_eq!(shown(&items), "# [cfg (feature = \"fast\")] fn go () { }");
        let module = macro_item("macro_rules! m { ($name:ident) => { pub mod $name; }; }");
        let items = expand(&module, &macro_item("m!(de);")).expect("expands");
        assert_eq!(shown(&items), "pub mod de ;");
    }

    #[test]
    fn calls_rustc_must_expand_are_left_alone() {
        let no_module = macro_item("macro_rules! m { () => { fn f() {} }; }");
        assert!(expand(&no_module, &macro_item("m!();")).is_none());
        let other_input = macro_item("macro_rules! m { () => { mod a; }; }");
        assert!(expand(&other_input, &macro_item("m!(b);")).is_none());
        let inline_only = macro_item("macro_rules! m { () => { mod a { } }; }");
        assert!(expand(&inline_only, &macro_item("m!();")).is_none());
    }
}
