//! Printing the bundle: prettyplease, then markers, comments and empty lines put back as text,
//! and long arrays of literals packed into rows ([`crate::pack`]).
//!
//! prettyplease prints no comments and no empty lines between items, so placeholders
//! (`__bundler_marker!(N);`, `__bundler_comment!(N);`, `__bundler_blank!();`) stand in the tree
//! and each printed placeholder line is replaced. Should a placeholder ever not be printed on a
//! line of its own, the bundle is printed again without any (losing comments, never code).

use crate::comments::{BLANK, COMMENT};
use crate::loader::MARKER;
use crate::verbatim::VERBATIM;
use proc_macro2::Span;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, File, ImplItem, Item, Stmt, TraitItem};

/// Prints the bundle. `files` and `comments` give the text behind marker and comment
/// placeholders.
pub fn emit(
    attrs: Vec<Attribute>,
    mut items: Vec<Item>,
    files: &[String],
    comments: &[String],
) -> String {
    let mut store = comments.to_vec();
    crate::verbatim::substitute(&mut items, &mut store);
    let comments = store.as_slice();
    space_items(&mut items);
    for item in &mut items {
        ThreadLocals.visit_item_mut(item);
    }
    let mut file = File {
        shebang: None,
        attrs,
        items,
    };
    let text = replace_placeholders(&prettyplease::unparse(&file), files, comments);
    if !text.contains("__bundler_") {
        return crate::pack::pack_literal_arrays(&text);
    }
    Stripper.visit_file_mut(&mut file);
    let text = replace_placeholders(&prettyplease::unparse(&file), files, comments);
    crate::pack::pack_literal_arrays(&text)
}

/// Ends the tokens of each `thread_local!` call with `;` (the macro takes both forms):
/// prettyplease drops the last declaration of a call that has none.
struct ThreadLocals;

impl VisitMut for ThreadLocals {
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let named = mac
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "thread_local");
        let ends_with_semicolon = matches!(
            mac.tokens.clone().into_iter().last(),
            Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == ';'
        );
        if named && !mac.tokens.is_empty() && !ends_with_semicolon {
            mac.tokens.extend(quote::quote!(;));
        }
    }
}

fn replace_placeholders(printed: &str, files: &[String], comments: &[String]) -> String {
    let mut out = String::with_capacity(printed.len() + 1024);
    let mut after_inner_docs = false;
    for line in printed.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        // An empty line between a module's inner docs and its contents.
        let inner_doc = trimmed.starts_with("//!");
        if after_inner_docs && !inner_doc && !trimmed.is_empty() && trimmed != "}" {
            out.push('\n');
        }
        after_inner_docs = inner_doc;
        if let Some(index) = placeholder(trimmed, MARKER) {
            let shown = files.get(index).map_or("?", String::as_str);
            let marker = format!("{indent}// {shown}\n");
            // In a module, the marker goes above the module's inner docs (they belong to the
            // file it names); at the root it follows the crate docs.
            match docs_start(&out, indent) {
                Some(at) => out.insert_str(at, &marker),
                None => out.push_str(&marker),
            }
        } else if let Some(index) = placeholder(trimmed, VERBATIM) {
            let text = comments.get(index).map_or("", String::as_str);
            out.push_str(&crate::verbatim::reindent(text, indent));
        } else if let Some(index) = placeholder(trimmed, COMMENT) {
            for comment in comments.get(index).map_or("", String::as_str).lines() {
                out.push_str(indent);
                out.push_str(comment);
                out.push('\n');
            }
        } else if trimmed == format!("{BLANK}!();") {
            out.push('\n');
        } else if !is_clippy_only(trimmed) {
            out.push_str(&tidy_brackets(&tidy_crate_paths(line)));
            out.push('\n');
        }
    }
    out
}

/// prettyplease prints the keyword `crate` followed by `::` inside macro tokens as `crate ::`;
/// the bundler's rewritten paths (`$crate::x` became `crate::lib::x`) would read oddly. Fixed
/// outside string literals only (an even number of unescaped quotes before the match).
fn tidy_crate_paths(line: &str) -> String {
    const LOOSE: &str = "crate ::";
    if !line.contains(LOOSE) {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut quotes = 0;
    let mut escaped = false;
    let mut rest = line;
    while let Some(ch) = rest.chars().next() {
        let boundary = out
            .chars()
            .last()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if quotes % 2 == 0 && boundary && rest.starts_with(LOOSE) {
            out.push_str("crate::");
            rest = &rest[LOOSE.len()..];
            continue;
        }
        if ch == '"' && !escaped {
            quotes += 1;
        }
        escaped = ch == '\\' && !escaped;
        out.push(ch);
        rest = &rest[ch.len_utf8()..];
    }
    out
}

/// A lint attribute that only names clippy's lints (`#[allow(clippy::too_many_arguments)]`):
/// the workspace's business, noise in an upload file.
fn is_clippy_only(line: &str) -> bool {
    let inner = ["#[", "#!["].iter().find_map(|open| {
        ["allow(", "warn(", "deny(", "expect(", "forbid("]
            .iter()
            .find_map(|lint| line.strip_prefix(open)?.strip_prefix(lint))
    });
    let Some(list) = inner.and_then(|rest| rest.strip_suffix(")]")) else {
        return false;
    };
    !list.trim().is_empty()
        && list
            .split(',')
            .all(|lint| lint.trim().starts_with("clippy::"))
}

/// prettyplease prints indexing inside macro tokens as `table[1] [2]`; outside string
/// literals, `] [` becomes `][`.
fn tidy_brackets(line: &str) -> String {
    if !line.contains("] [") {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut quotes = 0;
    let mut escaped = false;
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if quotes % 2 == 0
            && ch == ']'
            && chars.get(i + 1) == Some(&' ')
            && chars.get(i + 2) == Some(&'[')
        {
            out.push_str("][");
            i += 3;
            continue;
        }
        if ch == '"' && !escaped {
            quotes += 1;
        }
        escaped = ch == '\\' && !escaped;
        out.push(ch);
        i += 1;
    }
    out
}

/// Where the block of inner doc lines (at `indent`) that ends `out` starts, when it directly
/// follows a module's opening line (`... {`).
fn docs_start(out: &str, indent: &str) -> Option<usize> {
    let doc_prefix = format!("{indent}//!");
    let mut end = out.len();
    let mut start = None;
    let mut seen_doc = false;
    while end > 0 {
        let line_start = out[..end - 1].rfind('\n').map_or(0, |i| i + 1);
        let line = &out[line_start..end - 1];
        if line.starts_with(&doc_prefix) {
            seen_doc = true;
            start = Some(line_start);
        } else if line.trim().is_empty() && !seen_doc {
            // The empty line put after the docs.
        } else {
            return (seen_doc && line.trim_end().ends_with('{')).then_some(start?);
        }
        end = line_start;
    }
    None
}

/// The number in a printed placeholder line `name!(N);`.
fn placeholder(line: &str, name: &str) -> Option<usize> {
    let rest = line.strip_prefix(name)?.strip_prefix("!(")?;
    let number = rest.strip_suffix(");")?;
    number.trim().parse().ok()
}

fn is_named_macro(mac: &syn::Macro, names: &[&str]) -> bool {
    names.iter().any(|name| mac.path.is_ident(name))
}

const PLACEHOLDERS: [&str; 3] = [MARKER, COMMENT, BLANK];

fn is_placeholder_item(item: &Item) -> bool {
    matches!(item, Item::Macro(m) if m.ident.is_none() && is_named_macro(&m.mac, &PLACEHOLDERS))
}

fn blank_item() -> Item {
    let ident = syn::Ident::new(BLANK, Span::call_site());
    syn::parse_quote!(#ident!();)
}

/// An empty line between items (imports stay together; a comment stays on its item).
fn space_items(items: &mut Vec<Item>) {
    let old = std::mem::take(items);
    let mut previous: Option<bool> = None; // Some(is_use) of the previous real item
    let mut after_placeholder = false;
    for mut item in old {
        if is_placeholder_item(&item) {
            let is_comment = matches!(&item, Item::Macro(m) if m.mac.path.is_ident(COMMENT));
            if is_comment && previous.is_some() && !after_placeholder {
                items.push(blank_item());
            }
            after_placeholder = true;
            items.push(item);
            continue;
        }
        let is_use = matches!(item, Item::Use(_));
        let both_uses = previous == Some(true) && is_use;
        if previous.is_some() && !after_placeholder && !both_uses {
            items.push(blank_item());
        }
        match &mut item {
            Item::Mod(module) => {
                if let Some((_, children)) = &mut module.content {
                    space_items(children);
                }
            }
            Item::Impl(block) => space_members(
                &mut block.items,
                |m| matches!(m, ImplItem::Macro(x) if is_named_macro(&x.mac, &PLACEHOLDERS)),
            ),
            Item::Trait(block) => space_members(
                &mut block.items,
                |m| matches!(m, TraitItem::Macro(x) if is_named_macro(&x.mac, &PLACEHOLDERS)),
            ),
            _ => {}
        }
        previous = Some(is_use);
        after_placeholder = false;
        items.push(item);
    }
}

fn space_members<T: syn::parse::Parse>(members: &mut Vec<T>, is_placeholder: fn(&T) -> bool) {
    let old = std::mem::take(members);
    let mut first = true;
    let mut after_placeholder = false;
    for member in old {
        let placeholder = is_placeholder(&member);
        if !first && !after_placeholder {
            let ident = syn::Ident::new(BLANK, Span::call_site());
            if let Ok(blank) = syn::parse2::<T>(quote::quote!(#ident!();)) {
                members.push(blank);
            }
        }
        first = false;
        after_placeholder = placeholder;
        members.push(member);
    }
}

/// Removes every placeholder (the fallback when one was not printed on its own line).
struct Stripper;

impl VisitMut for Stripper {
    fn visit_file_mut(&mut self, file: &mut File) {
        file.items.retain(|item| !is_placeholder_item(item));
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain(|item| !is_placeholder_item(item));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, block: &mut syn::ItemImpl) {
        block
            .items
            .retain(|m| !matches!(m, ImplItem::Macro(x) if is_named_macro(&x.mac, &PLACEHOLDERS)));
        visit_mut::visit_item_impl_mut(self, block);
    }

    fn visit_item_trait_mut(&mut self, block: &mut syn::ItemTrait) {
        block
            .items
            .retain(|m| !matches!(m, TraitItem::Macro(x) if is_named_macro(&x.mac, &PLACEHOLDERS)));
        visit_mut::visit_item_trait_mut(self, block);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block
            .stmts
            .retain(|s| !matches!(s, Stmt::Macro(x) if is_named_macro(&x.mac, &PLACEHOLDERS)));
        visit_mut::visit_block_mut(self, block);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_paths_are_tidied_outside_strings_only() {
        assert_eq!(tidy_crate_paths("f(crate ::a::b)"), "f(crate::a::b)");
        assert_eq!(
            tidy_crate_paths("p(\"crate ::x\", crate ::y)"),
            "p(\"crate ::x\", crate::y)"
        );
        assert_eq!(tidy_crate_paths("mycrate ::x"), "mycrate ::x");
    }

    #[test]
    fn clippy_attributes_and_spaced_indexing_are_tidied() {
        assert!(is_clippy_only("#[allow(clippy::too_many_arguments)]"));
        assert!(is_clippy_only("#![allow(clippy::a, clippy::b)]"));
        assert!(!is_clippy_only("#[allow(dead_code, clippy::a)]"));
        assert!(!is_clippy_only("#[allow(dead_code)]"));
        assert_eq!(
            tidy_brackets("f!(t[1] [2], \"[a] [b]\")"),
            "f!(t[1][2], \"[a] [b]\")"
        );
    }

    #[test]
    fn every_thread_local_declaration_is_printed() {
        let items: Vec<Item> = vec![
            syn::parse_quote!(thread_local!(static A: u8 = 1);),
            syn::parse_quote!(
                fn f() {
                    thread_local!(static B: u8 = 2; static C: u8 = 3);
                }
            ),
        ];
        let text = emit(Vec::new(), items, &[], &[]);
        for declared in [
            "static A: u8 = 1;",
            "static B: u8 = 2;",
            "static C: u8 = 3;",
        ] {
            assert!(text.contains(declared), "{declared} missing:\n{text}");
        }
    }

    #[test]
    fn placeholders_are_recognised() {
        assert_eq!(placeholder("__bundler_marker!(12);", MARKER), Some(12));
        assert_eq!(placeholder("__bundler_marker!(12)", MARKER), None);
        assert_eq!(placeholder("other!(1);", MARKER), None);
    }
}
