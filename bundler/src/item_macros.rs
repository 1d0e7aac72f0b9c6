//! Calls, in item position, of the crate's own `macro_rules!` macros whose expansion declares a
//! module from a file (libc's `prelude!()` holds `mod types;`). The loader must see that `mod`
//! to bring the file in, so such a call is written out in place when one of the macro's arms
//! matches the call's tokens exactly and that arm's body has no metavariable. Any other call is
//! left to rustc.

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
    let mut items = Parser::parse2(
        |input: ParseStream| {
            let mut items = Vec::new();
            while !input.is_empty() {
                items.push(input.parse::<Item>()?);
            }
            Ok(items)
        },
        body,
    )
    .ok()?;
    for item in &mut items {
        if let Some(attrs) = item_attrs_mut(item) {
            attrs.splice(0..0, call.attrs.iter().cloned());
        }
    }
    Some(items)
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
    fn calls_rustc_must_expand_are_left_alone() {
        let with_metavariable = macro_item("macro_rules! m { ($name:ident) => { mod $name; }; }");
        assert!(expand(&with_metavariable, &macro_item("m!(a);")).is_none());
        let no_module = macro_item("macro_rules! m { () => { fn f() {} }; }");
        assert!(expand(&no_module, &macro_item("m!();")).is_none());
        let other_input = macro_item("macro_rules! m { () => { mod a; }; }");
        assert!(expand(&other_input, &macro_item("m!(b);")).is_none());
        let inline_only = macro_item("macro_rules! m { () => { mod a { } }; }");
        assert!(expand(&inline_only, &macro_item("m!();")).is_none());
    }
}
