//! Applying the pruner's decisions to the syntax tree: kept items stay (walking the tree in the
//! same order as the graph was built), placeholders follow their items, and unread fields or
//! unbuilt variants of kept types are marked.

use super::graph::{is_impl_placeholder, is_placeholder, is_trait_placeholder};
use super::PruneReport;
use crate::comments::COMMENT;
use crate::loader::{marker_index, MARKER};
use std::collections::BTreeSet;
use syn::{Item, UseTree};

/// Fields and enum variants are not items: they cannot be pruned without changing the types.
/// A kept type's field that no kept code reads, or variant that no kept code constructs, is
/// data the library has for other binaries; it gets `#[allow(dead_code)]`.
/// Returns the marked ones as `Type::member`.
pub(super) fn mark_unused_data(
    items: &mut [Item],
    reads: &BTreeSet<String>,
    constructed: &BTreeSet<String>,
) -> Vec<String> {
    let allow: syn::Attribute = syn::parse_quote!(#[allow(dead_code)]);
    let mut marked = Vec::new();
    let mark_fields = |owner: &str, fields: &mut syn::Fields, marked: &mut Vec<String>| {
        if let syn::Fields::Named(named) = fields {
            for field in named.named.iter_mut() {
                let name = field
                    .ident
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                if !reads.contains(&name) {
                    field.attrs.push(allow.clone());
                    marked.push(format!("{owner}::{name}"));
                }
            }
        }
    };
    for item in items {
        match item {
            Item::Mod(module) => {
                if let Some((_, children)) = &mut module.content {
                    marked.extend(mark_unused_data(children, reads, constructed));
                }
            }
            Item::Struct(s) => mark_fields(&s.ident.to_string(), &mut s.fields, &mut marked),
            Item::Enum(e) => {
                let owner = e.ident.to_string();
                for variant in e.variants.iter_mut() {
                    if !constructed.contains(&variant.ident.to_string()) {
                        variant.attrs.push(allow.clone());
                        marked.push(format!("{owner}::{}", variant.ident));
                    } else {
                        let owner = format!("{owner}::{}", variant.ident);
                        mark_fields(&owner, &mut variant.fields, &mut marked);
                    }
                }
            }
            _ => {}
        }
    }
    marked
}

/// Keeps the kept items of a list (walking in the same order as `Graph::add_items`).
/// Returns whether anything real was kept.
pub(super) fn filter_items(
    items: &mut Vec<Item>,
    kept: &[bool],
    counter: &mut usize,
    report: &mut PruneReport,
) -> bool {
    let old = std::mem::take(items);
    let mut decisions: Vec<(Item, Option<bool>)> = Vec::with_capacity(old.len());
    for mut item in old {
        if is_placeholder(&item) {
            if let Some(file) = marker_index(&item, MARKER) {
                report.all_files.insert(file);
            }
            decisions.push((item, None));
            continue;
        }
        let keep = filter_item(&mut item, kept, counter, report);
        decisions.push((item, Some(keep)));
    }
    let any = decisions.iter().any(|(_, keep)| *keep == Some(true));
    // A comment placeholder goes with the next real item; a file marker with its module.
    let mut next_kept = false;
    let mut resolved: Vec<(Item, bool)> = Vec::with_capacity(decisions.len());
    for (item, keep) in decisions.into_iter().rev() {
        let keep = match keep {
            Some(keep) => {
                next_kept = keep;
                keep
            }
            None if marker_index(&item, COMMENT).is_some() => next_kept,
            None => any,
        };
        resolved.push((item, keep));
    }
    resolved.reverse();
    for (item, keep) in resolved {
        if keep {
            if let Some(file) = marker_index(&item, MARKER) {
                report.kept_files.insert(file);
            }
            items.push(item);
        }
    }
    any
}

pub(super) fn filter_item(
    item: &mut Item,
    kept: &[bool],
    counter: &mut usize,
    report: &mut PruneReport,
) -> bool {
    let id = *counter;
    match item {
        Item::Mod(m) => {
            *counter += 1;
            match &mut m.content {
                // A module none of whose items is kept stays when something names it.
                Some((_, children)) => filter_items(children, kept, counter, report) || kept[id],
                None => kept[id],
            }
        }
        Item::Use(u) => filter_use_tree(&mut u.tree, kept, counter),
        Item::Trait(t) => {
            *counter += 1;
            let members = std::mem::take(&mut t.items);
            t.items = filter_members(members, is_trait_placeholder, kept, counter);
            kept[id]
        }
        Item::Impl(block) => {
            *counter += 1;
            let members = std::mem::take(&mut block.items);
            block.items = filter_members(members, is_impl_placeholder, kept, counter);
            kept[id]
        }
        _ => {
            *counter += 1;
            kept[id]
        }
    }
}

pub(super) fn filter_members<T>(
    members: Vec<T>,
    is_placeholder: fn(&T) -> bool,
    kept: &[bool],
    counter: &mut usize,
) -> Vec<T> {
    let mut decisions: Vec<(T, Option<bool>)> = Vec::with_capacity(members.len());
    for member in members {
        if is_placeholder(&member) {
            decisions.push((member, None));
        } else {
            let keep = kept[*counter];
            *counter += 1;
            decisions.push((member, Some(keep)));
        }
    }
    let mut next_kept = false;
    let mut out = Vec::new();
    for (member, keep) in decisions.into_iter().rev() {
        let keep = match keep {
            Some(keep) => {
                next_kept = keep;
                keep
            }
            None => next_kept,
        };
        if keep {
            out.push(member);
        }
    }
    out.reverse();
    out
}

/// Keeps the kept leaves of a use tree; false when none is left.
pub(super) fn filter_use_tree(tree: &mut UseTree, kept: &[bool], counter: &mut usize) -> bool {
    match tree {
        UseTree::Path(path) => filter_use_tree(&mut path.tree, kept, counter),
        UseTree::Name(_) | UseTree::Rename(_) | UseTree::Glob(_) => {
            let keep = kept[*counter];
            *counter += 1;
            keep
        }
        UseTree::Group(group) => {
            let items = std::mem::take(&mut group.items);
            for mut item in items {
                if filter_use_tree(&mut item, kept, counter) {
                    group.items.push(item);
                }
            }
            if group.items.len() == 1 {
                if let Some(only) = group.items.pop() {
                    let only = only.into_value();
                    // `use a::{b}` reads better as `use a::b` (but `{self}` must stay grouped).
                    let is_self = matches!(&only, UseTree::Name(n) if n.ident == "self");
                    if is_self {
                        group.items.push(only);
                    } else {
                        *tree = only;
                    }
                }
            }
            match tree {
                UseTree::Group(group) => !group.items.is_empty(),
                _ => true,
            }
        }
    }
}
