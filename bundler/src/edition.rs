//! Edition 2018 code in an edition 2021 bundle.
//!
//! The bundle is compiled as edition 2021, where a trait object without `dyn` is an error (2018
//! only warns). Trait objects written without `dyn` get it: those syn recognises (`Trait + Send`)
//! and single-path types naming one of the crate's own traits (and no type of the same name).
//! Other edition differences (`array.into_iter()`, `panic!("{}")`) are not migrated.

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
}

impl VisitMut for AddDyn {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        match ty {
            Type::TraitObject(object) if object.dyn_token.is_none() => {
                object.dyn_token = Some(Default::default());
            }
            Type::Path(path) if path.qself.is_none() => {
                let last = path.path.segments.last().map(|s| s.ident.to_string());
                if last.is_some_and(|name| self.bare_traits.contains(&name)) {
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

    // `impl Trait for X` and bounds name traits, not trait objects.
    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        for member in &mut item.items {
            self.visit_impl_item_mut(member);
        }
        self.visit_type_mut(&mut item.self_ty);
    }

    fn visit_type_param_bound_mut(&mut self, _bound: &mut syn::TypeParamBound) {}
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
    };
    for items in crates.iter_mut() {
        for item in items.iter_mut() {
            fixer.visit_item_mut(item);
        }
    }
}
