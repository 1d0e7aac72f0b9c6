//! Items printed as written: `macro_rules!` definitions, item-position macro calls and
//! `#[rustfmt::skip]` items keep their source text (comments, spacing, doc comments),
//! re-indented only. Printing them from tokens would run a macro body into one paragraph.
//!
//! When a file is loaded, such an item's text is stored (in the comment store, so that it
//! travels with the other per-file text) and the item is tagged `#[__bundler_verbatim(N)]`.
//! When the bundle is printed, an item whose tokens are still those of its text (no path was
//! rewritten inside, nothing was pruned from it) is replaced by its text; otherwise it is
//! printed from tokens as before.

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
/// (printed back as the stored text); removes every tag.
pub fn substitute(items: &mut [Item], store: &[String]) {
    for item in items.iter_mut() {
        if let Item::Mod(module) = item {
            if let Some((_, children)) = &mut module.content {
                substitute(children, store);
            }
        }
        let Some(index) = take_tag(item) else {
            continue;
        };
        if store
            .get(index + 1)
            .is_some_and(|tokens| *tokens == token_text(item))
        {
            let ident = syn::Ident::new(VERBATIM, Span::call_site());
            let number = proc_macro2::Literal::usize_unsuffixed(index);
            *item = syn::parse_quote!(#ident!(#number););
        }
    }
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
        substitute(&mut items, &store);
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
}
