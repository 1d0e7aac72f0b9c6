//! Edition 2018 code in an edition 2021 bundle.
//!
//! The bundle is compiled as edition 2021, where a trait object without `dyn` is an error (2018
//! only warns). Trait objects written without `dyn` get it: those syn recognises (`Trait + Send`)
//! and single-path types naming one of the crate's own traits (and no type of the same name).
//! Other edition differences (`array.into_iter()`, `panic!("{}")`) are not migrated.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use std::collections::BTreeSet;
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{Item, Type};

/// Names of the traits and of the types declared anywhere in `items`.
#[derive(Debug, Default)]
struct Declared {
    traits: BTreeSet<String>,
    types: BTreeSet<String>,
}

impl<'ast> Visit<'ast> for Declared {
    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.traits.insert(item.ident.to_string());
        visit::visit_item_trait(self, item);
    }

    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        self.types.insert(item.ident.to_string());
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        self.types.insert(item.ident.to_string());
    }

    fn visit_item_union(&mut self, item: &'ast syn::ItemUnion) {
        self.types.insert(item.ident.to_string());
    }

    fn visit_item_type(&mut self, item: &'ast syn::ItemType) {
        self.types.insert(item.ident.to_string());
    }
}

struct AddDyn {
    bare_traits: BTreeSet<String>,
    /// Per module being visited: the names its renamed imports give.
    shadowed: Vec<BTreeSet<String>>,
    /// Type parameters in scope (typenum's `trait IsLessPrivate<Rhs, Cmp>` beside its trait
    /// `Cmp`): they are types, never trait objects.
    params: Vec<String>,
}

fn type_params(generics: Option<&syn::Generics>) -> Vec<String> {
    generics
        .into_iter()
        .flat_map(|g| g.type_params())
        .map(|param| param.ident.to_string())
        .collect()
}

impl AddDyn {
    fn with_params(&mut self, params: Vec<String>, visit: impl FnOnce(&mut Self)) {
        let depth = self.params.len();
        self.params.extend(params);
        visit(self);
        self.params.truncate(depth);
    }
}

/// Names a module's renamed imports give (`use rand_chacha::ChaCha12Rng as Rng;`): in that
/// module they are not the crate's trait of the same name.
fn renamed_imports(items: &[Item]) -> BTreeSet<String> {
    fn walk(tree: &syn::UseTree, out: &mut BTreeSet<String>) {
        match tree {
            syn::UseTree::Path(path) => walk(&path.tree, out),
            syn::UseTree::Rename(rename) if rename.ident != rename.rename => {
                out.insert(rename.rename.to_string());
            }
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    walk(tree, out);
                }
            }
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    for item in items {
        if let Item::Use(import) = item {
            walk(&import.tree, &mut out);
        }
    }
    out
}

impl VisitMut for AddDyn {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        match ty {
            Type::TraitObject(object) if object.dyn_token.is_none() => {
                object.dyn_token = Some(Default::default());
            }
            Type::Path(path) if path.qself.is_none() => {
                let last = path.path.segments.last().map(|s| s.ident.to_string());
                // `G::NodeRef`, `Self::Item`: an associated type of a type, not a trait.
                let projection = path.path.segments.len() >= 2
                    && path.path.segments[0]
                        .ident
                        .to_string()
                        .starts_with(|c: char| c.is_ascii_uppercase());
                let shadowed = |name: &String| {
                    self.shadowed.last().is_some_and(|s| s.contains(name))
                        || self.params.contains(name)
                };
                if !projection
                    && last.is_some_and(|name| self.bare_traits.contains(&name) && !shadowed(&name))
                {
                    let bound = syn::TypeParamBound::Trait(syn::TraitBound {
                        paren_token: None,
                        modifier: syn::TraitBoundModifier::None,
                        lifetimes: None,
                        path: path.path.clone(),
                    });
                    *ty = Type::TraitObject(syn::TypeTraitObject {
                        dyn_token: Some(Default::default()),
                        bounds: std::iter::once(bound).collect(),
                    });
                    return;
                }
            }
            _ => {}
        }
        visit_mut::visit_type_mut(self, ty);
    }

    fn visit_item_mut(&mut self, item: &mut Item) {
        let generics = match item {
            Item::Fn(f) => Some(&f.sig.generics),
            Item::Struct(s) => Some(&s.generics),
            Item::Enum(e) => Some(&e.generics),
            Item::Union(u) => Some(&u.generics),
            Item::Type(t) => Some(&t.generics),
            Item::Trait(t) => Some(&t.generics),
            Item::Impl(i) => Some(&i.generics),
            _ => None,
        };
        self.with_params(type_params(generics), |this| {
            visit_mut::visit_item_mut(this, item)
        });
    }

    fn visit_impl_item_mut(&mut self, member: &mut syn::ImplItem) {
        let generics = match member {
            syn::ImplItem::Fn(f) => Some(&f.sig.generics),
            syn::ImplItem::Type(t) => Some(&t.generics),
            _ => None,
        };
        self.with_params(type_params(generics), |this| {
            visit_mut::visit_impl_item_mut(this, member)
        });
    }

    fn visit_trait_item_mut(&mut self, member: &mut syn::TraitItem) {
        let generics = match member {
            syn::TraitItem::Fn(f) => Some(&f.sig.generics),
            syn::TraitItem::Type(t) => Some(&t.generics),
            _ => None,
        };
        self.with_params(type_params(generics), |this| {
            visit_mut::visit_trait_item_mut(this, member)
        });
    }

    // `impl Trait for X` and bounds name traits, not trait objects.
    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        for member in &mut item.items {
            self.visit_impl_item_mut(member);
        }
        self.visit_type_mut(&mut item.self_ty);
    }

    fn visit_type_param_bound_mut(&mut self, _bound: &mut syn::TypeParamBound) {}

    fn visit_item_mod_mut(&mut self, item: &mut syn::ItemMod) {
        let Some((_, items)) = &mut item.content else {
            return;
        };
        self.shadowed.push(renamed_imports(items));
        for child in items.iter_mut() {
            self.visit_item_mut(child);
        }
        self.shadowed.pop();
    }
}

/// Adds `dyn` to the trait objects of edition 2018 crates (`crates` are the item lists of the
/// library and the binary, which may name each other's traits).
pub fn migrate_2018(crates: &mut [&mut Vec<Item>]) {
    let mut declared = Declared::default();
    for items in crates.iter() {
        for item in items.iter() {
            declared.visit_item(item);
        }
    }
    let mut fixer = AddDyn {
        bare_traits: declared
            .traits
            .difference(&declared.types)
            .cloned()
            .collect(),
        shadowed: Vec::new(),
        params: Vec::new(),
    };
    for items in crates.iter_mut() {
        fixer.shadowed.push(renamed_imports(items));
        for item in items.iter_mut() {
            fixer.visit_item_mut(item);
        }
        fixer.shadowed.pop();
    }
}

/// Edition 2015 paths in an edition 2018+ bundle: `use a::b` and `::a::b` were relative to the
/// crate root unless `a` is an extern crate; they become `crate::a::b`.
struct CrateRelative {
    externs: BTreeSet<String>,
}

impl CrateRelative {
    fn keeps(&self, first: &str) -> bool {
        ["crate", "self", "super", "Self", "$crate"].contains(&first)
            || self.externs.contains(first)
    }

    fn fix_use_tree(&self, tree: &mut syn::UseTree) {
        let first = match tree {
            syn::UseTree::Path(p) => p.ident.to_string(),
            syn::UseTree::Name(n) => n.ident.to_string(),
            syn::UseTree::Rename(r) => r.ident.to_string(),
            syn::UseTree::Group(g) => {
                for item in g.items.iter_mut() {
                    self.fix_use_tree(item);
                }
                return;
            }
            syn::UseTree::Glob(_) => return,
        };
        if self.keeps(&first) {
            return;
        }
        let inner = tree.clone();
        *tree = syn::UseTree::Path(syn::UsePath {
            ident: syn::Ident::new("crate", proc_macro2::Span::call_site()),
            colon2_token: Default::default(),
            tree: Box::new(inner),
        });
    }
}

impl VisitMut for CrateRelative {
    fn visit_expr_path_mut(&mut self, expr: &mut syn::ExprPath) {
        crate::paths::visit_qualified(self, &mut expr.qself, &mut expr.path);
    }

    fn visit_type_path_mut(&mut self, ty: &mut syn::TypePath) {
        crate::paths::visit_qualified(self, &mut ty.qself, &mut ty.path);
    }

    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        self.fix_use_tree(&mut item.tree);
        item.leading_colon = None;
    }

    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if path.leading_colon.is_some() {
            let first = path.segments.first().map(|s| s.ident.to_string());
            if first.is_some_and(|f| !self.keeps(&f)) {
                path.leading_colon = None;
                path.segments.insert(0, syn::parse_quote!(crate));
            }
        }
        visit_mut::visit_path_mut(self, path);
    }
}

/// Migrates one edition 2015 crate's paths (see `CrateRelative`); `dyn` is added by
/// [`migrate_2018`] after this.
pub fn migrate_2015(items: &mut [Item]) {
    let mut externs: BTreeSet<String> = ["std", "core", "alloc"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for item in items.iter() {
        if let Item::ExternCrate(krate) = item {
            let name = krate.rename.as_ref().map_or(&krate.ident, |(_, r)| r);
            externs.insert(name.to_string());
        }
    }
    let mut fixer = CrateRelative { externs };
    for item in items.iter_mut() {
        fixer.visit_item_mut(item);
    }
}

/// What older editions write and syn cannot parse, fixed in the text itself so that comments
/// and macro bodies keep their places: an unnamed parameter of an edition 2015 trait method
/// (`fn hash_word(&mut self, Self);`) gets the pattern `_`, and a closure trait object without
/// `dyn` (`Box<Fn(u8) -> u8>`, `&FnMut()`, editions 2015 and 2018) gets it. `None` when
/// there is nothing to fix, or the text does not lex.
pub fn parseable_text(text: &str, edition: &str) -> Option<String> {
    if edition != "2015" && edition != "2018" {
        return None;
    }
    let tokens: TokenStream = text.parse().ok()?;
    let mut inserts: Vec<((usize, usize), &str)> = Vec::new();
    if edition == "2015" {
        let mut starts = Vec::new();
        find_anonymous(tokens.clone(), &mut starts);
        inserts.extend(starts.into_iter().map(|at| (at, "_: ")));
    }
    let mut bare = Vec::new();
    find_bare_closure_traits(tokens, &mut bare);
    inserts.extend(bare.into_iter().map(|at| (at, "dyn ")));
    if inserts.is_empty() {
        return None;
    }
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(at, _)| at + 1))
        .collect();
    let mut offsets: Vec<(usize, &str)> = inserts
        .iter()
        .filter_map(|&((line, column), insert)| {
            let start = *line_starts.get(line.checked_sub(1)?)?;
            let (at, _) = text[start..].char_indices().nth(column)?;
            Some((start + at, insert))
        })
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    let mut fixed = text.to_string();
    for (at, insert) in offsets.into_iter().rev() {
        fixed.insert_str(at, insert);
    }
    Some(fixed)
}

/// The (line, column) of each `Fn(..)`, `FnMut(..)` or `FnOnce(..)` written as a type after
/// `<`, `&`, `&'a` or `&mut` (a trait object: bounds follow `:` or `impl`), nested groups
/// included.
fn find_bare_closure_traits(tokens: TokenStream, found: &mut Vec<(usize, usize)>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(group) => find_bare_closure_traits(group.stream(), found),
            TokenTree::Ident(ident)
                if (ident == "Fn" || ident == "FnMut" || ident == "FnOnce")
                    && matches!(trees.get(index + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                    && in_type_position(&trees[..index]) =>
            {
                let start = ident.span().start();
                found.push((start.line, start.column));
            }
            _ => {}
        }
    }
}

/// Whether the tokens before a path end in `<`, `&`, `&mut`, `&'a` or `&'a mut`.
fn in_type_position(before: &[TokenTree]) -> bool {
    let mut end = before.len();
    let is_punct = |tree: Option<&TokenTree>, c: char| matches!(tree, Some(TokenTree::Punct(p)) if p.as_char() == c);
    if matches!(end.checked_sub(1).and_then(|i| before.get(i)), Some(TokenTree::Ident(word)) if word == "mut")
    {
        end -= 1;
    }
    // A lifetime is `'` joined to an identifier.
    if end >= 2
        && matches!(&before[end - 1], TokenTree::Ident(_))
        && is_punct(before.get(end - 2), '\'')
    {
        end -= 2;
    }
    let last = end.checked_sub(1).and_then(|i| before.get(i));
    is_punct(last, '&') || (is_punct(last, '<') && end == before.len())
}

/// The (line, column) of each unnamed parameter of a `fn NAME(..)` or `fn $name(..)` in
/// `tokens`, nested groups included.
fn find_anonymous(tokens: TokenStream, starts: &mut Vec<(usize, usize)>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, tree) in trees.iter().enumerate() {
        let TokenTree::Group(group) = tree else {
            continue;
        };
        if group.delimiter() == Delimiter::Parenthesis && follows_fn_name(&trees[..index]) {
            for param in split_params(group.stream()) {
                if is_anonymous(&param) {
                    let start = param[0].span().start();
                    starts.push((start.line, start.column));
                }
            }
        }
        find_anonymous(group.stream(), starts);
    }
}

/// Whether the tokens before a parenthesis end in `fn NAME`, `fn $name`, or either followed
/// by generics `<..>`.
fn follows_fn_name(before: &[TokenTree]) -> bool {
    let mut end = before.len();
    if matches!(before.last(), Some(TokenTree::Punct(p)) if p.as_char() == '>') {
        let mut depth = 0usize;
        loop {
            let Some(index) = end.checked_sub(1) else {
                return false;
            };
            end = index;
            if let TokenTree::Punct(p) = &before[index] {
                match p.as_char() {
                    '>' if !is_arrow(before, index) => depth += 1,
                    '<' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
            }
        }
    }
    let is_ident = |index: Option<usize>, word: Option<&str>| {
        index
            .and_then(|i| before.get(i))
            .is_some_and(|tree| match tree {
                TokenTree::Ident(ident) => word.is_none_or(|w| ident == w),
                _ => false,
            })
    };
    if !is_ident(end.checked_sub(1), None) {
        return false;
    }
    let dollar = end
        .checked_sub(2)
        .and_then(|i| before.get(i))
        .is_some_and(|tree| matches!(tree, TokenTree::Punct(p) if p.as_char() == '$'));
    let fn_at = end.checked_sub(if dollar { 3 } else { 2 });
    is_ident(fn_at, Some("fn"))
}

/// Whether the `>` at `index` ends a `->`.
fn is_arrow(trees: &[TokenTree], index: usize) -> bool {
    index > 0
        && matches!(&trees[index - 1], TokenTree::Punct(p) if p.as_char() == '-' && p.spacing() == Spacing::Joint)
}

/// A parameter list split at its top-level commas (not those inside `<..>`).
fn split_params(stream: TokenStream) -> Vec<Vec<TokenTree>> {
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    let mut params = vec![Vec::new()];
    let mut depth = 0usize;
    for (index, tree) in trees.iter().enumerate() {
        if let TokenTree::Punct(p) = tree {
            match p.as_char() {
                '<' => depth += 1,
                '>' if !is_arrow(&trees, index) => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    params.push(Vec::new());
                    continue;
                }
                _ => {}
            }
        }
        if let Some(last) = params.last_mut() {
            last.push(tree.clone());
        }
    }
    params.retain(|param| !param.is_empty());
    params
}

/// A parameter with no pattern: no `:` of its own (`::` is a path), and not a form of `self`.
fn is_anonymous(param: &[TokenTree]) -> bool {
    let colon =
        |index: usize| matches!(param.get(index), Some(TokenTree::Punct(p)) if p.as_char() == ':');
    let mut depth = 0usize;
    for (index, tree) in param.iter().enumerate() {
        if let TokenTree::Punct(p) = tree {
            match p.as_char() {
                '<' => depth += 1,
                '>' if !is_arrow(param, index) => depth = depth.saturating_sub(1),
                ':' if depth == 0
                    && !(p.spacing() == Spacing::Joint && colon(index + 1))
                    && !(index > 0 && colon(index - 1)) =>
                {
                    return false;
                }
                _ => {}
            }
        }
    }
    !matches!(param.last(), Some(TokenTree::Ident(ident)) if ident == "self")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(items: Vec<Item>) -> String {
        quote::quote!(#(#items)*).to_string()
    }

    #[test]
    fn edition_2015_paths_become_crate_relative() {
        let mut items = syn::parse_file(
            "extern crate other; use a::b; use std::fmt; use other::x; use {c, self::d}; mod m { use e::f; fn g() { ::h::i(); ::std::mem::drop(1); } }",
        )
        .expect("parses")
        .items;
        migrate_2015(&mut items);
        let out = printed(items);
        for expected in [
            "use crate :: a :: b ;",
            "use std :: fmt ;",
            "use other :: x ;",
            "use { crate :: c , self :: d } ;",
            "use crate :: e :: f ;",
            "crate :: h :: i ()",
            ":: std :: mem :: drop",
        ] {
            assert!(out.contains(expected), "{expected} in {out}");
        }
    }

    #[test]
    fn bare_traits_get_dyn_but_associated_types_and_renamed_imports_do_not() {
        let mut items = syn::parse_file(
            "trait NodeRef {} trait Graph { type NodeRef; } struct Filtered<G: Graph> { g: G } \
             impl<G: Graph> Graph for Filtered<G> { type NodeRef = G::NodeRef; } \
             fn f(x: &NodeRef, y: &Box<visit::NodeRef>) {} \
             mod std_rng { use other::Chacha as NodeRef; pub struct StdRng(NodeRef); }",
        )
        .expect("parses")
        .items;
        migrate_2018(&mut [&mut items]);
        let out = printed(items);
        assert!(out.contains("type NodeRef = G :: NodeRef ;"), "{out}");
        assert!(out.contains("x : & dyn NodeRef"), "{out}");
        assert!(out.contains("Box < dyn visit :: NodeRef >"), "{out}");
        assert!(out.contains("pub struct StdRng (NodeRef)"), "{out}");
    }

    #[test]
    fn type_parameters_named_as_a_trait_are_not_trait_objects() {
        let mut items = syn::parse_file(
            "trait Cmp {} trait IsLess<Rhs, Cmp> { fn is_less(self, _: Rhs, _: Cmp) -> &Cmp; } \
             impl<Cmp> Wrap<Cmp> { fn get(&self) -> &Cmp { &self.0 } } \
             fn pick<Cmp: Clone>(x: Cmp) -> Cmp { x } fn object(x: &Cmp) {}",
        )
        .expect("parses")
        .items;
        migrate_2018(&mut [&mut items]);
        let out = printed(items);
        assert!(out.contains("_ : Cmp) -> & Cmp ;"), "{out}");
        assert!(out.contains("fn get (& self) -> & Cmp"), "{out}");
        assert!(out.contains("(x : Cmp) -> Cmp"), "{out}");
        assert!(out.contains("fn object (x : & dyn Cmp)"), "{out}");
    }

    #[test]
    fn unnamed_parameters_of_2015_trait_methods_get_a_pattern() {
        let text = "trait HashWord {\n    fn hash_word(&mut self, Self);\n    fn two<T: Into<u8>>(&self, HashMap<K, V>, x: u8, ::std::fmt::Result) -> u8;\n    fn pointer(&self, f: fn(u8) -> u8, Box<Fn(u8) -> u8>);\n}\nmacro_rules! m { ($t:ty) => { fn $name(&'a mut self, $t); } }\nfn named(self, a: u8) {}\n";
        let named = parseable_text(text, "2015").expect("four to name");
        assert!(
            named.contains("fn hash_word(&mut self, _: Self);"),
            "{named}"
        );
        assert!(
            named.contains("(&self, _: HashMap<K, V>, x: u8, _: ::std::fmt::Result) -> u8;"),
            "{named}"
        );
        assert!(
            named.contains("fn pointer(&self, f: fn(u8) -> u8, _: Box<dyn Fn(u8) -> u8>);"),
            "{named}"
        );
        assert!(named.contains("fn $name(&'a mut self, _: $t);"), "{named}");
        assert!(named.contains("fn named(self, a: u8) {}"), "{named}");
        syn::parse_file(&named).expect("parses once named");
        assert_eq!(parseable_text("fn f(x: u8) {}", "2015"), None);
        assert_eq!(parseable_text(text, "2021"), None);
    }

    #[test]
    fn closure_trait_objects_without_dyn_get_it_and_bounds_do_not() {
        let text = "struct S<'a> { f: Box<Fn(u8) -> u8 + Send>, g: &'a mut FnMut(), h: Vec<Box<FnOnce()>> }\nfn k<F: Fn(u8), G>(f: F, g: &Fn()) -> impl Fn() where G: FnMut() { || {} }\n";
        let fixed = parseable_text(text, "2018").expect("four to fix");
        for expected in [
            "Box<dyn Fn(u8) -> u8 + Send>",
            "&'a mut dyn FnMut()",
            "Vec<Box<dyn FnOnce()>>",
            "fn k<F: Fn(u8), G>(f: F, g: &dyn Fn()) -> impl Fn() where G: FnMut()",
        ] {
            assert!(fixed.contains(expected), "{expected} in {fixed}");
        }
        syn::parse_file(&fixed).expect("parses once fixed");
    }
}
