//! Attributes when crates become modules.
//!
//! Some inner attributes are only valid at a crate root (`no_std`, `crate_type`,
//! `recursion_limit`, ...). In the bundle the library and every source file are modules, so
//! those are removed there; the limits that matter to compilation are raised on the bundle's
//! own root instead. A tool attribute (`#[clippy::format_args]`) on an exported macro makes
//! rustc count the macro as macro-expanded, and `crate::info` then cannot name it in one
//! crate: such attributes are dropped.

use syn::visit_mut::{self, VisitMut};
use syn::{AttrStyle, Attribute, Expr, ExprLit, Item, Lit, Meta};

/// Inner attributes that rustc accepts only at the crate root.
const CRATE_ONLY: [&str; 12] = [
    "no_std",
    "no_main",
    "no_core",
    "crate_name",
    "crate_type",
    "recursion_limit",
    "type_length_limit",
    "windows_subsystem",
    "feature",
    "no_builtins",
    "compiler_builtins",
    "needs_panic_runtime",
];

/// Crate-root attributes that must be kept (at their largest value) for the code to compile.
const HOISTED: [&str; 2] = ["recursion_limit", "type_length_limit"];

fn is_crate_only(attr: &Attribute) -> bool {
    if attr.style == AttrStyle::Outer {
        return false;
    }
    if CRATE_ONLY.iter().any(|name| attr.path().is_ident(name)) {
        return true;
    }
    // `#![doc(html_root_url = ...)]` and friends only make sense for a crate's docs.
    attr.path().is_ident("doc") && matches!(attr.meta, Meta::List(_))
}

fn limit_value(attr: &Attribute) -> Option<(String, u64)> {
    let name = HOISTED.iter().find(|name| attr.path().is_ident(name))?;
    let Meta::NameValue(pair) = &attr.meta else {
        return None;
    };
    let Expr::Lit(ExprLit {
        lit: Lit::Str(text),
        ..
    }) = &pair.value
    else {
        return None;
    };
    Some((name.to_string(), text.value().trim().parse().ok()?))
}

/// Removes crate-only inner attributes from `attrs` (a crate root becoming a module) and
/// returns the limits among them.
pub fn take_crate_only(attrs: &mut Vec<Attribute>) -> Vec<(String, u64)> {
    let limits = attrs.iter().filter_map(limit_value).collect();
    attrs.retain(|attr| !is_crate_only(attr));
    limits
}

/// Lint levels a crate's root raises: `deny`, `forbid`, and `warn` too when `warn` is given,
/// alone or under `cfg_attr`.
fn raises_lints(attr: &Attribute, warn: bool) -> bool {
    let raising = |path: &syn::Path| {
        path.is_ident("deny") || path.is_ident("forbid") || (warn && path.is_ident("warn"))
    };
    if attr.style == AttrStyle::Outer {
        return false;
    }
    if raising(attr.path()) {
        return true;
    }
    if !attr.path().is_ident("cfg_attr") {
        return false;
    }
    let Ok(args) =
        attr.parse_args_with(syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated)
    else {
        return false;
    };
    args.len() >= 2 && args.iter().skip(1).all(|meta| raising(meta.path()))
}

/// Removes the lint levels a crate root raises: `deny` and `forbid`, and for a dependency
/// `warn` too. They served the crate's own development; in the bundle, where its `pub` items
/// are unreachable and `#[allow]`s are added, they can only fail the build (zerocopy's
/// `deny(unreachable_pub)`) or make noise. The package's own library keeps its `warn`s.
pub fn drop_raised_lints(attrs: &mut Vec<Attribute>, dependency: bool) {
    attrs.retain(|attr| !raises_lints(attr, dependency));
}

/// Raises the bundle root's limits to at least those given.
pub fn hoist_limits(root: &mut Vec<Attribute>, limits: Vec<(String, u64)>) {
    for (name, value) in limits {
        let current = root
            .iter()
            .filter_map(limit_value)
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v);
        if current.is_some_and(|v| v >= value) {
            continue;
        }
        root.retain(|attr| !attr.path().is_ident(&name));
        let ident = syn::Ident::new(&name, proc_macro2::Span::call_site());
        let text = value.to_string();
        root.push(syn::parse_quote!(#![#ident = #text]));
    }
}

/// Removes crate-only inner attributes from every module in `items`, and tool attributes from
/// exported macros.
pub fn clean_modules(items: &mut [Item]) {
    let mut cleaner = Cleaner;
    for item in items {
        cleaner.visit_item_mut(item);
    }
}

struct Cleaner;

impl VisitMut for Cleaner {
    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        module.attrs.retain(|attr| !is_crate_only(attr));
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_macro_mut(&mut self, mac: &mut syn::ItemMacro) {
        let exported = mac.attrs.iter().any(|a| a.path().is_ident("macro_export"));
        if exported && mac.mac.path.is_ident("macro_rules") {
            mac.attrs.retain(|attr| attr.path().segments.len() < 2);
        }
    }

    fn visit_expr_mut(&mut self, _expr: &mut Expr) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_attributes_leave_exported_macros_only() {
        let mut file: syn::File = syn::parse_str(
            "mod log { #[macro_export] #[clippy::format_args] #[doc(hidden)] \
             macro_rules! info { () => {} } \
             #[rustfmt::skip] macro_rules! own { () => {} } }",
        )
        .expect("parses");
        clean_modules(&mut file.items);
        let text = quote::ToTokens::to_token_stream(&file).to_string();
        assert!(!text.contains("clippy"), "{text}");
        assert!(text.contains("# [doc (hidden)]"), "{text}");
        assert!(text.contains("# [rustfmt :: skip]"), "{text}");
    }

    #[test]
    fn raised_lint_levels_go_and_allow_stays() {
        let file: syn::File = syn::parse_str(
            "#![deny(unreachable_pub)] #![forbid(unsafe_code)] #![warn(missing_docs)] \
             #![cfg_attr(test, deny(warnings))] #![cfg_attr(docsrs, feature(doc_cfg), deny(x))] \
             #![allow(dead_code)]",
        )
        .expect("parses");
        let shown = |attrs: &[Attribute]| {
            attrs
                .iter()
                .map(|a| quote::ToTokens::to_token_stream(a).to_string())
                .collect::<Vec<_>>()
        };
        let mut own = file.attrs.clone();
        drop_raised_lints(&mut own, false);
        assert_eq!(
            shown(&own),
            [
                "# ! [warn (missing_docs)]",
                "# ! [cfg_attr (docsrs , feature (doc_cfg) , deny (x))]",
                "# ! [allow (dead_code)]"
            ]
        );
        let mut dependency = file.attrs;
        drop_raised_lints(&mut dependency, true);
        assert_eq!(
            shown(&dependency),
            [
                "# ! [cfg_attr (docsrs , feature (doc_cfg) , deny (x))]",
                "# ! [allow (dead_code)]"
            ]
        );
    }
}
