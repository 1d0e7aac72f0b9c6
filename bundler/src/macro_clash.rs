//! Two crates that `#[macro_export]` the same macro name (serde and serde_core's
//! `__require_serde_not_serde_core`) cannot both put it at the bundle's root. The later crate's
//! macro is renamed `<name>_<module>`: in that crate (its definition, and calls written bare,
//! `crate::name!` or `$crate::name!`), and in the crates that call it through the crate's name
//! (`serde::name!`, and `use serde::name;`, which then imports the new name under the old),
//! in code and inside other macros' tokens.

use proc_macro2::{Ident, TokenStream, TokenTree};
use std::collections::BTreeMap;
use syn::visit_mut::{self, VisitMut};
use syn::Item;

/// Renames macros `old -> new` in `items`. With `through` set, only calls written
/// `through::old!` (a dependent naming the crate); without, the crate's own forms.
pub fn rename(items: &mut [Item], renames: &BTreeMap<String, String>, through: Option<&str>) {
    let mut renamer = Renamer { renames, through };
    for item in items {
        renamer.visit_item_mut(item);
    }
}

struct Renamer<'a> {
    renames: &'a BTreeMap<String, String>,
    through: Option<&'a str>,
}

impl Renamer<'_> {
    /// Whether a path to a macro, given by its segments before the name, is one to rename.
    fn prefix_matches(&self, before: &[String]) -> bool {
        match (self.through, before) {
            (Some(krate), [first]) => first == krate,
            (None, []) => true,
            (None, [first]) => first == "crate" || first == "$crate",
            _ => false,
        }
    }

    fn tokens(&self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
        for (at, tree) in trees.iter().enumerate() {
            let renamed = match tree {
                TokenTree::Group(group) => {
                    let mut new =
                        proc_macro2::Group::new(group.delimiter(), self.tokens(group.stream()));
                    new.set_span(group.span());
                    TokenTree::Group(new)
                }
                TokenTree::Ident(ident) => match self.renames.get(&ident.to_string()) {
                    Some(new)
                        if matches!(trees.get(at + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!')
                            && self.prefix_matches(&path_before(&trees[..at])) =>
                    {
                        TokenTree::Ident(Ident::new(new, ident.span()))
                    }
                    _ => tree.clone(),
                },
                other => other.clone(),
            };
            out.push(renamed);
        }
        out.into_iter().collect()
    }
}

/// The path segments written right before position `end` (`a :: b ::` gives `[a, b]`; a `$`
/// before the first is kept as `$crate`).
fn path_before(trees: &[TokenTree]) -> Vec<String> {
    let mut segments = Vec::new();
    let mut end = trees.len();
    while end >= 3 {
        let colons = matches!(&trees[end - 1], TokenTree::Punct(p) if p.as_char() == ':')
            && matches!(&trees[end - 2], TokenTree::Punct(p) if p.as_char() == ':');
        let TokenTree::Ident(ident) = &trees[end - 3] else {
            break;
        };
        if !colons {
            break;
        }
        let dollar =
            end >= 4 && matches!(&trees[end - 4], TokenTree::Punct(p) if p.as_char() == '$');
        segments.insert(
            0,
            if dollar {
                format!("${ident}")
            } else {
                ident.to_string()
            },
        );
        end -= if dollar { 4 } else { 3 };
    }
    segments
}

impl Renamer<'_> {
    /// In a dependent, `use dep::old;` becomes `use dep::new as old;`: bare calls keep working.
    fn use_tree(&self, tree: &mut syn::UseTree, at_start: bool, under_crate: bool) {
        match tree {
            syn::UseTree::Path(path) => {
                let first = at_start && self.through == Some(&*path.ident.to_string());
                self.use_tree(&mut path.tree, false, under_crate || first);
            }
            syn::UseTree::Group(group) => {
                for tree in &mut group.items {
                    self.use_tree(tree, at_start, under_crate);
                }
            }
            syn::UseTree::Name(name) if under_crate => {
                if let Some(new) = self.renames.get(&name.ident.to_string()) {
                    let old = name.ident.clone();
                    let new = Ident::new(new, old.span());
                    *tree = syn::parse_quote!(#new as #old);
                }
            }
            syn::UseTree::Rename(rename) if under_crate => {
                if let Some(new) = self.renames.get(&rename.ident.to_string()) {
                    rename.ident = Ident::new(new, rename.ident.span());
                }
            }
            _ => {}
        }
    }
}

impl VisitMut for Renamer<'_> {
    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        if self.through.is_some() {
            self.use_tree(&mut item.tree, true, false);
        }
    }

    fn visit_item_macro_mut(&mut self, item: &mut syn::ItemMacro) {
        if let (None, Some(ident)) = (self.through, &mut item.ident) {
            let exported = item.attrs.iter().any(|a| a.path().is_ident("macro_export"));
            if let (true, Some(new)) = (exported, self.renames.get(&ident.to_string())) {
                *ident = Ident::new(new, ident.span());
            }
        }
        visit_mut::visit_item_macro_mut(self, item);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let names: Vec<String> = mac
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        if let Some((last, before)) = names.split_last() {
            let bare_ok = mac.path.leading_colon.is_none() || self.through.is_some();
            if let (true, Some(new)) = (
                bare_ok && self.prefix_matches(before),
                self.renames.get(last),
            ) {
                if let Some(segment) = mac.path.segments.last_mut() {
                    segment.ident = Ident::new(new, segment.ident.span());
                }
            }
        }
        mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    #[test]
    fn the_crate_s_own_forms_and_its_dependents_paths_are_renamed() {
        let renames: BTreeMap<String, String> =
            [("req".to_string(), "req_serde".to_string())].into();
        let mut own: Vec<Item> = vec![
            syn::parse_quote!(
                #[macro_export]
                macro_rules! req { () => { $crate::req!(@inner) }; }
            ),
            syn::parse_quote!(
                fn f() {
                    req!();
                    crate::req!();
                    other::req!();
                }
            ),
        ];
        rename(&mut own, &renames, None);
        let text: Vec<String> = own
            .iter()
            .map(|i| i.to_token_stream().to_string())
            .collect();
        assert_eq!(
            text,
            [
                "# [macro_export] macro_rules ! req_serde { () => { $ crate :: req_serde ! (@ inner) } ; }",
                "fn f () { req_serde ! () ; crate :: req_serde ! () ; other :: req ! () ; }",
            ]
        );
        let mut dependent: Vec<Item> = vec![syn::parse_quote!(
            fn g() {
                ::serde::req!();
                serde_core::req!();
                m!(serde::req!());
            }
        )];
        dependent.push(syn::parse_quote!(
            use serde::{req, other};
        ));
        dependent.push(syn::parse_quote!(
            use serde::req as r;
        ));
        rename(&mut dependent, &renames, Some("serde"));
        assert_eq!(
            dependent[0].to_token_stream().to_string(),
            "fn g () { :: serde :: req_serde ! () ; serde_core :: req ! () ; m ! (serde :: req_serde ! ()) ; }"
        );
        assert_eq!(
            dependent[1].to_token_stream().to_string(),
            "use serde :: { req_serde as req , other } ;"
        );
        assert_eq!(
            dependent[2].to_token_stream().to_string(),
            "use serde :: req_serde as r ;"
        );
    }
}
