//! Keeping the ordinary `//` comments that stand between items.
//!
//! syn drops `//` comments (doc comments survive as attributes). Before a file's items are
//! moved around, each run of comment lines found in the gap before an item (or an associated
//! item of an impl or trait) is stored and a placeholder `__bundler_comment!(N);` is put in its
//! place; the printer turns placeholders back into the comment lines. A placeholder lives and
//! dies with the item that follows it. Comments inside function bodies and after the last item
//! of a block are not kept.

use crate::loader::marker_item;
use proc_macro2::{Literal, Span};
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{ImplItem, Item, Stmt, TraitItem};

/// The name of the placeholder macro standing for a comment.
pub const COMMENT: &str = "__bundler_comment";

/// Puts a placeholder before every item of `items` (and of nested inline modules, impls and
/// traits) that has `//` comment lines just above it in `text`.
pub fn attach(text: &str, items: &mut Vec<Item>, store: &mut Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    attach_items(&lines, items, store, 0);
}

/// The comment lines strictly between line `after` and line `before` (1-based).
fn comment_between(lines: &[&str], after: usize, before: usize) -> Option<String> {
    if before <= after + 1 {
        return None;
    }
    let mut found = Vec::new();
    for line in &lines[after.min(lines.len())..(before - 1).min(lines.len())] {
        let trimmed = line.trim();
        let is_comment = trimmed.starts_with("//")
            && (!trimmed.starts_with("///") || trimmed.starts_with("////"))
            && !trimmed.starts_with("//!");
        if is_comment {
            found.push(trimmed.to_string());
        }
    }
    (!found.is_empty()).then(|| found.join("\n"))
}

fn placeholder_tokens(store: &mut Vec<String>, comment: String) -> proc_macro2::TokenStream {
    let index = store.len();
    store.push(comment);
    let ident = syn::Ident::new(COMMENT, Span::call_site());
    let number = Literal::usize_unsuffixed(index);
    quote::quote!(#ident!(#number);)
}

fn attach_items(lines: &[&str], items: &mut Vec<Item>, store: &mut Vec<String>, start: usize) {
    let mut previous_end = start;
    let old = std::mem::take(items);
    for mut item in old {
        let span = item.span();
        let (first, last) = (span.start().line, span.end().line);
        if let Some(comment) = comment_between(lines, previous_end, first) {
            let index = store.len();
            store.push(comment);
            items.push(marker_item(COMMENT, index));
        }
        match &mut item {
            Item::Mod(module) => {
                if let Some((brace, children)) = &mut module.content {
                    let open = brace.span.open().start().line;
                    attach_items(lines, children, store, open);
                }
            }
            Item::Impl(block) => {
                let mut inner_end = block.brace_token.span.open().start().line;
                let old = std::mem::take(&mut block.items);
                for member in old {
                    let span = member.span();
                    if let Some(comment) = comment_between(lines, inner_end, span.start().line) {
                        let tokens = placeholder_tokens(store, comment);
                        if let Ok(placeholder) = syn::parse2::<ImplItem>(tokens) {
                            block.items.push(placeholder);
                        }
                    }
                    inner_end = span.end().line;
                    block.items.push(member);
                }
            }
            Item::Trait(block) => {
                let mut inner_end = block.brace_token.span.open().start().line;
                let old = std::mem::take(&mut block.items);
                for member in old {
                    let span = member.span();
                    if let Some(comment) = comment_between(lines, inner_end, span.start().line) {
                        let tokens = placeholder_tokens(store, comment);
                        if let Ok(placeholder) = syn::parse2::<TraitItem>(tokens) {
                            block.items.push(placeholder);
                        }
                    }
                    inner_end = span.end().line;
                    block.items.push(member);
                }
            }
            _ => {}
        }
        previous_end = last;
        items.push(item);
    }
}

/// The name of the placeholder macro standing for an empty line.
pub const BLANK: &str = "__bundler_blank";

fn placeholder_stmt(name: &str, index: Option<usize>) -> Option<Stmt> {
    let ident = syn::Ident::new(name, Span::call_site());
    let tokens = match index {
        Some(index) => {
            let number = Literal::usize_unsuffixed(index);
            quote::quote!(#ident!(#number);)
        }
        None => quote::quote!(#ident!();),
    };
    syn::parse2::<Stmt>(tokens).ok()
}

/// Keeps, inside every block of `items`, the `//` comment lines and the empty lines that
/// separate statements (as placeholders before the statement that follows them).
pub fn attach_in_blocks(text: &str, items: &mut [Item], store: &mut Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut visitor = BlockComments {
        lines: &lines,
        store,
    };
    for item in items {
        visitor.visit_item_mut(item);
    }
}

struct BlockComments<'a> {
    lines: &'a [&'a str],
    store: &'a mut Vec<String>,
}

impl VisitMut for BlockComments<'_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let mut previous_end = block.brace_token.span.open().start().line;
        let old = std::mem::take(&mut block.stmts);
        for (index, mut stmt) in old.into_iter().enumerate() {
            let span = stmt.span();
            let start = span.start().line;
            if index > 0 && start > previous_end + 1 {
                let gap = &self.lines
                    [previous_end.min(self.lines.len())..(start - 1).min(self.lines.len())];
                let blank_first = gap.first().is_some_and(|l| l.trim().is_empty());
                if blank_first {
                    block.stmts.extend(placeholder_stmt(BLANK, None));
                }
            }
            if let Some(comment) = comment_between(self.lines, previous_end, start) {
                let number = self.store.len();
                self.store.push(comment);
                block.stmts.extend(placeholder_stmt(COMMENT, Some(number)));
            }
            previous_end = span.end().line;
            self.visit_stmt_mut(&mut stmt);
            block.stmts.push(stmt);
        }
    }

    fn visit_arm_mut(&mut self, arm: &mut syn::Arm) {
        // A comment above a match arm goes to the top of the arm's block.
        let start = arm.span().start().line;
        let above = start.saturating_sub(1);
        let mut first = above;
        while first > 0 {
            let line = self.lines.get(first - 1).map_or("", |l| l.trim());
            if line.starts_with("//") && !line.starts_with("///") && !line.starts_with("//!") {
                first -= 1;
            } else {
                break;
            }
        }
        if first < above && matches!(&*arm.body, syn::Expr::Block(_)) {
            {
                let comment = self.lines[first..above]
                    .iter()
                    .map(|l| l.trim())
                    .collect::<Vec<_>>()
                    .join("\n");
                let number = self.store.len();
                self.store.push(comment);
                syn::visit_mut::visit_arm_mut(self, arm);
                if let syn::Expr::Block(body) = &mut *arm.body {
                    if let Some(stmt) = placeholder_stmt(COMMENT, Some(number)) {
                        body.block.stmts.insert(0, stmt);
                    }
                }
                return;
            }
        }
        syn::visit_mut::visit_arm_mut(self, arm);
    }
}
