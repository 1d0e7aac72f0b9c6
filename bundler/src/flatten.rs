//! The library's modules at the root of the bundle: `mod engine { pub mod checkers {..} }`
//! becomes `pub mod checkers {..}` at the root, and `crate::engine::x` becomes `crate::x`, when
//! no name clashes and no path needs the library module itself. The library's own crate docs go
//! (they describe modules a binary may not keep). One level of nesting less reads better.

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use std::collections::BTreeSet;
use syn::visit::Visit;
use syn::visit_mut::{self, VisitMut};
use syn::{Item, UseTree};

/// Names an item list defines (any namespace).
fn defined_names(items: &[Item]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in items {
        let name = match item {
            Item::Mod(i) => Some(&i.ident),
            Item::Struct(i) => Some(&i.ident),
            Item::Enum(i) => Some(&i.ident),
            Item::Union(i) => Some(&i.ident),
            Item::Trait(i) => Some(&i.ident),
            Item::Type(i) => Some(&i.ident),
            Item::Fn(i) => Some(&i.sig.ident),
            Item::Const(i) => Some(&i.ident),
            Item::Static(i) => Some(&i.ident),
            Item::Macro(i) => i.ident.as_ref(),
            Item::ExternCrate(i) => Some(i.rename.as_ref().map_or(&i.ident, |(_, r)| r)),
            Item::Use(i) => {
                crate::paths::use_names(&i.tree, &mut names);
                if has_glob(&i.tree) {
                    names.insert("*".to_string());
                }
                None
            }
            _ => None,
        };
        if let Some(name) = name {
            names.insert(name.to_string());
        }
    }
    names
}

fn has_glob(tree: &UseTree) -> bool {
    match tree {
        UseTree::Path(p) => has_glob(&p.tree),
        UseTree::Glob(_) => true,
        UseTree::Group(g) => g.items.iter().any(has_glob),
        _ => false,
    }
}

/// Whether `super` appears in the module's own items (outside its child modules): it would
/// then climb out of the crate.
struct SuperFinder(bool);

impl<'ast> Visit<'ast> for SuperFinder {
    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}
    fn visit_ident(&mut self, ident: &'ast Ident) {
        if ident == "super" {
            self.0 = true;
        }
    }
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if mac.tokens.to_string().contains("super") {
            self.0 = true;
        }
        syn::visit::visit_macro(self, mac);
    }
}

/// Drops the module segment from `crate::<module>::...` paths; `blocked` when a path names the
/// module itself.
struct Unnest<'a> {
    module: &'a str,
    blocked: bool,
}

impl Unnest<'_> {
    fn tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        let colon =
            |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == ':');
        let mut i = 0;
        while i < trees.len() {
            if let TokenTree::Group(group) = &trees[i] {
                let mut rebuilt =
                    proc_macro2::Group::new(group.delimiter(), self.tokens(group.stream()));
                rebuilt.set_span(group.span());
                out.push(TokenTree::Group(rebuilt));
                i += 1;
                continue;
            }
            let is_crate = matches!(&trees[i], TokenTree::Ident(w) if w == "crate");
            let names_module = colon(trees.get(i + 1))
                && colon(trees.get(i + 2))
                && matches!(trees.get(i + 3), Some(TokenTree::Ident(w)) if w == self.module);
            if is_crate && names_module {
                if colon(trees.get(i + 4)) && colon(trees.get(i + 5)) {
                    out.extend(trees[i..i + 3].iter().cloned());
                    i += 6;
                    continue;
                }
                self.blocked = true;
            }
            out.push(trees[i].clone());
            i += 1;
        }
        out.into_iter().collect()
    }

    fn use_tree(&mut self, tree: &mut UseTree) {
        match tree {
            UseTree::Path(path) if path.ident == "crate" => match &mut *path.tree {
                UseTree::Path(inner) if inner.ident == self.module => {
                    let rest = std::mem::replace(
                        &mut *inner.tree,
                        UseTree::Glob(syn::UseGlob {
                            star_token: Default::default(),
                        }),
                    );
                    *path.tree = rest;
                }
                UseTree::Name(n) if n.ident == self.module => self.blocked = true,
                UseTree::Rename(r) if r.ident == self.module => self.blocked = true,
                UseTree::Group(group) => {
                    for item in group.items.iter_mut() {
                        let mut wrapped = UseTree::Path(syn::UsePath {
                            ident: Ident::new("crate", Span::call_site()),
                            colon2_token: Default::default(),
                            tree: Box::new(item.clone()),
                        });
                        self.use_tree(&mut wrapped);
                        if let UseTree::Path(p) = wrapped {
                            *item = *p.tree;
                        }
                    }
                }
                _ => {}
            },
            UseTree::Group(group) => group.items.iter_mut().for_each(|t| self.use_tree(t)),
            _ => {}
        }
    }
}

impl VisitMut for Unnest<'_> {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        let names_module = path.leading_colon.is_none()
            && path.segments.len() >= 2
            && path.segments[0].ident == "crate"
            && path.segments[1].ident == self.module;
        if names_module {
            if path.segments.len() == 2 {
                self.blocked = true;
            } else {
                let rest: Vec<syn::PathSegment> = path.segments.iter().skip(2).cloned().collect();
                let first = path.segments[0].clone();
                path.segments = std::iter::once(first).chain(rest).collect();
            }
        }
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_expr_path_mut(&mut self, expr: &mut syn::ExprPath) {
        crate::paths::visit_qualified(self, &mut expr.qself, &mut expr.path);
    }

    fn visit_type_path_mut(&mut self, ty: &mut syn::TypePath) {
        crate::paths::visit_qualified(self, &mut ty.qself, &mut ty.path);
    }

    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        self.use_tree(&mut item.tree);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        visit_mut::visit_macro_mut(self, mac);
        mac.tokens = self.tokens(mac.tokens.clone());
    }
}

/// Moves the contents of the root module `module` to the root when that is safe; returns
/// whether it did.
pub fn flatten(items: &mut Vec<Item>, module: &str) -> bool {
    let Some(position) = items
        .iter()
        .position(|i| matches!(i, Item::Mod(m) if m.ident == module && m.content.is_some()))
    else {
        return false;
    };
    let Item::Mod(lib) = &items[position] else {
        return false;
    };
    let Some((_, children)) = &lib.content else {
        return false;
    };
    // Only docs among the module's own attributes (a lint setting would reach the binary).
    if lib.attrs.iter().any(|a| !a.path().is_ident("doc")) {
        return false;
    }
    let mut finder = SuperFinder(false);
    for child in children {
        finder.visit_item(child);
    }
    if finder.0 {
        return false;
    }
    let inner = defined_names(children);
    let outer = defined_names(
        &items
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != position)
            .map(|(_, item)| item.clone())
            .collect::<Vec<_>>(),
    );
    if inner.contains("*") || outer.contains("*") || inner.intersection(&outer).next().is_some() {
        return false;
    }
    let mut candidate = items.clone();
    let Item::Mod(lib) = candidate.remove(position) else {
        return false;
    };
    let Some((_, children)) = lib.content else {
        return false;
    };
    for (offset, child) in children.into_iter().enumerate() {
        candidate.insert(position + offset, child);
    }
    let mut unnest = Unnest {
        module,
        blocked: false,
    };
    for item in candidate.iter_mut() {
        unnest.visit_item_mut(item);
    }
    if unnest.blocked {
        return false;
    }
    *items = candidate;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn flat(code: &str) -> Option<String> {
        let mut items = syn::parse_file(code).expect("parses").items;
        flatten(&mut items, "lib").then(|| {
            syn::File {
                shebang: None,
                attrs: Vec::new(),
                items,
            }
            .to_token_stream()
            .to_string()
        })
    }

    #[test]
    fn library_modules_move_to_the_root() {
        let out = flat("use crate::lib::a::f; fn main() { f(); crate::lib::b::g(); m!(crate::lib::a::f); } mod lib { pub mod a { pub fn f() {} } pub mod b { pub fn g() { crate::lib::a::f() } } }")
            .expect("flattened");
        assert!(out.contains("use crate :: a :: f ;"), "{out}");
        assert!(out.contains("crate :: b :: g ()"), "{out}");
        assert!(out.contains("m ! (crate :: a :: f)"), "{out}");
        assert!(!out.contains("mod lib"), "{out}");
    }

    #[test]
    fn clashes_and_paths_to_the_module_itself_keep_it() {
        assert!(flat("fn a() {} mod lib { pub fn a() {} }").is_none());
        assert!(flat("use crate::lib as l; mod lib { pub fn a() {} }").is_none());
        assert!(flat("mod lib { pub fn a() { super::b() } } fn b() {}").is_none());
    }
}
