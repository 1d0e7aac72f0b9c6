//! Keeping the ordinary `//` comments.
//!
//! syn drops `//` comments (doc comments survive as attributes), so they are found in the
//! source text by line, before anything is moved, and put into the tree in one of two forms:
//! - before an item, an associated item or a statement: a placeholder `__bundler_comment!(N);`
//!   that the printer turns back into the comment lines (it lives and dies with the item that
//!   follows it, and empty lines between statements are kept the same way);
//! - before a struct field, an enum variant, a match arm, a field of a struct expression or an
//!   array element: a `#[comment = "..."]` attribute, which prettyplease prints as `//...`.
//!
//! A comment at the end of a line of code goes above that code. Comments elsewhere inside
//! expressions (between call arguments, inside conditions) are not kept.

use crate::loader::marker_item;
use proc_macro2::{LineColumn, Literal, Span};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Expr, Item, Stmt};

/// The name of the placeholder macro standing for a comment.
pub const COMMENT: &str = "__bundler_comment";

/// The name of the placeholder macro standing for an empty line.
pub const BLANK: &str = "__bundler_blank";

fn is_plain_comment(text: &str) -> bool {
    text.starts_with("//")
        && (!text.starts_with("///") || text.starts_with("////"))
        && !text.starts_with("//!")
}

/// The comment lines strictly between line `after` and line `before` (1-based).
fn comment_between(lines: &[&str], after: usize, before: usize) -> Option<String> {
    if before <= after + 1 {
        return None;
    }
    let found: Vec<String> = lines[after.min(lines.len())..(before - 1).min(lines.len())]
        .iter()
        .map(|line| line.trim())
        .filter(|line| is_plain_comment(line))
        .map(str::to_string)
        .collect();
    (!found.is_empty()).then(|| found.join("\n"))
}

/// A `// ...` after the code that ends at `end` on the same line.
fn trailing_comment(lines: &[&str], end: LineColumn) -> Option<String> {
    let line = lines.get(end.line.checked_sub(1)?)?;
    let rest: String = line.chars().skip(end.column).collect();
    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix(',')
        .or_else(|| rest.strip_prefix(';'))
        .unwrap_or(rest)
        .trim_start();
    is_plain_comment(rest).then(|| rest.to_string())
}

fn join(first: Option<String>, second: Option<String>) -> Option<String> {
    match (first, second) {
        (Some(a), Some(b)) => Some(format!("{a}\n{b}")),
        (a, b) => a.or(b),
    }
}

fn placeholder_tokens(name: &str, index: Option<usize>) -> proc_macro2::TokenStream {
    let ident = syn::Ident::new(name, Span::call_site());
    match index {
        Some(index) => {
            let number = Literal::usize_unsuffixed(index);
            quote::quote!(#ident!(#number);)
        }
        None => quote::quote!(#ident!();),
    }
}

fn store_comment(store: &mut Vec<String>, comment: String) -> usize {
    store.push(comment);
    store.len() - 1
}

/// `#[comment = "..."]` attributes, one per comment line (printed by prettyplease as `//...`).
fn comment_attrs(comment: &str) -> Vec<Attribute> {
    comment
        .lines()
        .map(|line| {
            let text = line.trim_start_matches('/').to_string();
            let text = if line.starts_with("////") {
                line.trim_start_matches("//").to_string()
            } else {
                text
            };
            syn::parse_quote!(#[comment = #text])
        })
        .collect()
}

/// Puts the comments of `text` into the items parsed from it (see the module docs).
pub fn attach(text: &str, items: &mut Vec<Item>, store: &mut Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    attach_items(&lines, items, store, 0);
    let mut visitor = Inner {
        lines: &lines,
        store,
    };
    for item in items {
        visitor.visit_item_mut(item);
    }
}

fn attach_items(lines: &[&str], items: &mut Vec<Item>, store: &mut Vec<String>, start: usize) {
    let mut previous_end = start;
    let old = std::mem::take(items);
    for mut item in old {
        let span = item.span();
        let above = comment_between(lines, previous_end, span.start().line);
        if let Some(comment) = join(above, trailing_comment(lines, span.end())) {
            items.push(marker_item(COMMENT, store_comment(store, comment)));
        }
        match &mut item {
            Item::Mod(module) => {
                if let Some((brace, children)) = &mut module.content {
                    let open = brace.span.open().start().line;
                    attach_items(lines, children, store, open);
                }
            }
            Item::Impl(block) => {
                let open = block.brace_token.span.open().start().line;
                block.items = attach_members(lines, std::mem::take(&mut block.items), store, open);
            }
            Item::Trait(block) => {
                let open = block.brace_token.span.open().start().line;
                block.items = attach_members(lines, std::mem::take(&mut block.items), store, open);
            }
            _ => {}
        }
        previous_end = span.end().line;
        items.push(item);
    }
}

fn attach_members<T: Spanned + syn::parse::Parse>(
    lines: &[&str],
    members: Vec<T>,
    store: &mut Vec<String>,
    open: usize,
) -> Vec<T> {
    let mut out = Vec::with_capacity(members.len());
    let mut previous_end = open;
    for member in members {
        let span = member.span();
        let above = comment_between(lines, previous_end, span.start().line);
        if let Some(comment) = join(above, trailing_comment(lines, span.end())) {
            let tokens = placeholder_tokens(COMMENT, Some(store_comment(store, comment)));
            if let Ok(placeholder) = syn::parse2::<T>(tokens) {
                out.push(placeholder);
            }
        }
        previous_end = span.end().line;
        out.push(member);
    }
    out
}

/// Comments inside items: statements, fields, variants, arms, struct expressions, arrays.
struct Inner<'a> {
    lines: &'a [&'a str],
    store: &'a mut Vec<String>,
}

impl Inner<'_> {
    /// Attaches comments to the elements of a comma-separated list as attributes.
    fn list<T: Spanned>(
        &mut self,
        open: usize,
        elements: &mut Punctuated<T, impl Default>,
        attrs: fn(&mut T) -> Option<&mut Vec<Attribute>>,
    ) {
        let spans: Vec<Span> = elements.iter().map(Spanned::span).collect();
        let mut pending: Vec<Option<String>> = vec![None; spans.len()];
        let mut previous_end = open;
        for (index, span) in spans.iter().enumerate() {
            let above = comment_between(self.lines, previous_end, span.start().line);
            pending[index] = join(pending[index].take(), above);
            if let Some(trailing) = trailing_comment(self.lines, span.end()) {
                // Above the first element of the line the comment ends.
                let line = span.end().line;
                let first = spans
                    .iter()
                    .position(|s| s.start().line == line)
                    .unwrap_or(index);
                pending[first] = join(pending[first].take(), Some(trailing));
            }
            previous_end = span.end().line;
        }
        for (element, comment) in elements.iter_mut().zip(pending) {
            if let (Some(comment), Some(attrs)) = (comment, attrs(element)) {
                let mut new = comment_attrs(&comment);
                new.append(attrs);
                *attrs = new;
            }
        }
    }
}

fn field_attrs(field: &mut syn::Field) -> Option<&mut Vec<Attribute>> {
    Some(&mut field.attrs)
}

fn variant_attrs(variant: &mut syn::Variant) -> Option<&mut Vec<Attribute>> {
    Some(&mut variant.attrs)
}

fn field_value_attrs(field: &mut syn::FieldValue) -> Option<&mut Vec<Attribute>> {
    Some(&mut field.attrs)
}

fn array_element_attrs(expr: &mut Expr) -> Option<&mut Vec<Attribute>> {
    match expr {
        Expr::Lit(e) => Some(&mut e.attrs),
        Expr::Path(e) => Some(&mut e.attrs),
        Expr::Unary(e) => Some(&mut e.attrs),
        Expr::Call(e) => Some(&mut e.attrs),
        Expr::Struct(e) => Some(&mut e.attrs),
        Expr::Tuple(e) => Some(&mut e.attrs),
        Expr::Array(e) => Some(&mut e.attrs),
        _ => None,
    }
}

/// Whether a placeholder statement may follow `stmt` (a tail expression that is not block-like
/// would be printed with a `;` if followed by anything).
fn may_follow(stmt: &Stmt) -> bool {
    match stmt {
        Stmt::Expr(expr, None) => matches!(
            expr,
            Expr::If(_)
                | Expr::Match(_)
                | Expr::While(_)
                | Expr::ForLoop(_)
                | Expr::Loop(_)
                | Expr::Block(_)
                | Expr::Unsafe(_)
        ),
        _ => true,
    }
}

impl VisitMut for Inner<'_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let mut previous_end = block.brace_token.span.open().start().line;
        let close = block.brace_token.span.close().start().line;
        let old = std::mem::take(&mut block.stmts);
        for (index, mut stmt) in old.into_iter().enumerate() {
            let span = stmt.span();
            let start = span.start().line;
            if index > 0 && start > previous_end + 1 {
                let gap = &self.lines
                    [previous_end.min(self.lines.len())..(start - 1).min(self.lines.len())];
                if gap.first().is_some_and(|l| l.trim().is_empty()) {
                    block
                        .stmts
                        .extend(syn::parse2::<Stmt>(placeholder_tokens(BLANK, None)));
                }
            }
            let above = comment_between(self.lines, previous_end, start);
            if let Some(comment) = join(above, trailing_comment(self.lines, span.end())) {
                let index = store_comment(self.store, comment);
                block.stmts.extend(syn::parse2::<Stmt>(placeholder_tokens(
                    COMMENT,
                    Some(index),
                )));
            }
            previous_end = span.end().line;
            self.visit_stmt_mut(&mut stmt);
            block.stmts.push(stmt);
        }
        // Comments after the last statement, before the closing brace.
        let last_allows = block.stmts.last().is_none_or(may_follow);
        if last_allows {
            if let Some(comment) = comment_between(self.lines, previous_end, close) {
                let index = store_comment(self.store, comment);
                block.stmts.extend(syn::parse2::<Stmt>(placeholder_tokens(
                    COMMENT,
                    Some(index),
                )));
            }
        }
    }

    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        let mut previous_end = expr.brace_token.span.open().start().line;
        for arm in &mut expr.arms {
            let span = arm.span();
            let above = comment_between(self.lines, previous_end, span.start().line);
            let trailing = match &*arm.body {
                Expr::Block(_) => None,
                _ => trailing_comment(self.lines, span.end()),
            };
            if let Some(comment) = join(above, trailing) {
                let mut new = comment_attrs(&comment);
                new.append(&mut arm.attrs);
                arm.attrs = new;
            }
            previous_end = span.end().line;
        }
        visit_mut::visit_expr_match_mut(self, expr);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        let open = fields.brace_token.span.open().start().line;
        self.list(open, &mut fields.named, field_attrs);
        visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, item: &mut syn::ItemEnum) {
        let open = item.brace_token.span.open().start().line;
        self.list(open, &mut item.variants, variant_attrs);
        visit_mut::visit_item_enum_mut(self, item);
    }

    fn visit_expr_struct_mut(&mut self, expr: &mut syn::ExprStruct) {
        let open = expr.brace_token.span.open().start().line;
        self.list(open, &mut expr.fields, field_value_attrs);
        visit_mut::visit_expr_struct_mut(self, expr);
    }

    fn visit_expr_array_mut(&mut self, expr: &mut syn::ExprArray) {
        let open = expr.bracket_token.span.open().start().line;
        self.list(open, &mut expr.elems, array_element_attrs);
        visit_mut::visit_expr_array_mut(self, expr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_between_and_at_line_ends() {
        let lines = [
            "fn a() {}",
            "// plain",
            "/// doc",
            "//! inner",
            "fn b() {} // end",
            "x",
        ];
        assert_eq!(comment_between(&lines, 1, 5), Some("// plain".to_string()));
        assert_eq!(comment_between(&lines, 4, 5), None);
        let end = LineColumn { line: 5, column: 9 };
        assert_eq!(trailing_comment(&lines, end), Some("// end".to_string()));
        let end = LineColumn { line: 6, column: 1 };
        assert_eq!(trailing_comment(&lines, end), None);
    }

    #[test]
    fn comment_attributes_print_as_comments() {
        let attrs = comment_attrs("// one\n// two");
        let field: syn::Field = {
            let mut field: syn::Field = syn::parse_quote!(a: u8);
            field.attrs = attrs;
            field
        };
        let item: syn::ItemStruct = syn::parse_quote!(struct S { #field });
        let printed = prettyplease::unparse(&syn::parse_quote!(#item));
        assert!(
            printed.contains("// one\n    // two\n    a: u8"),
            "{printed}"
        );
    }
}
