//! Return-position `impl Trait` captures: every lifetime in scope in edition 2024, only
//! those the bounds name in 2021. A `+ use<..>` bound says what 2024 meant.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use std::collections::BTreeSet;
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, GenericParam, Generics, Lifetime, Token, Type};

/// The visitor adding `use<..>` to return-position `impl Trait`s of free functions and
/// inherent methods (trait methods capture everything in both editions).
#[derive(Default)]
pub struct Captures {
    /// The generics of the inherent impl around the current method.
    outer: Option<Generics>,
}

impl VisitMut for Captures {
    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        if item.trait_.is_some() {
            return;
        }
        name_impl_lifetimes(item);
        let outer = self.outer.replace(item.generics.clone());
        for member in item.items.iter_mut() {
            if let syn::ImplItem::Fn(method) = member {
                capture_all(&mut method.sig, self.outer.as_ref());
            }
        }
        self.outer = outer;
    }

    fn visit_item_fn_mut(&mut self, item: &mut syn::ItemFn) {
        capture_all(&mut item.sig, None);
        visit_mut::visit_block_mut(self, &mut item.block);
    }

    fn visit_item_trait_mut(&mut self, _: &mut syn::ItemTrait) {}
}

/// An inherent impl whose type has `'_` (`impl Parser<'_>`) gets a named lifetime instead,
/// when one of its methods returns an `impl Trait`, so that `use<..>` can name it.
fn name_impl_lifetimes(item: &mut syn::ItemImpl) {
    let returns_impl = item.items.iter().any(
        |member| matches!(member, syn::ImplItem::Fn(method) if returns_impl_trait(&method.sig)),
    );
    if !returns_impl {
        return;
    }
    let mut namer = NameElided::new("'i", &item.generics);
    namer.visit_type_mut(&mut item.self_ty);
    for name in namer.named {
        item.generics.params.insert(0, parse_quote!(#name));
    }
}

fn returns_impl_trait(sig: &syn::Signature) -> bool {
    let syn::ReturnType::Type(_, ty) = &sig.output else {
        return false;
    };
    let mut finder = ImplTraits::default();
    finder.visit_type(ty);
    finder.found > 0
}

/// Counts `impl Trait` types, and whether one already has `use<..>`.
#[derive(Default)]
struct ImplTraits {
    found: usize,
    precise: bool,
}

impl<'ast> Visit<'ast> for ImplTraits {
    fn visit_type_impl_trait(&mut self, ty: &'ast syn::TypeImplTrait) {
        self.found += 1;
        self.precise |= ty
            .bounds
            .iter()
            .any(|b| matches!(b, syn::TypeParamBound::PreciseCapture(_)));
        visit::visit_type_impl_trait(self, ty);
    }

    fn visit_type_bare_fn(&mut self, _: &'ast syn::TypeBareFn) {}
}

/// Names elided lifetimes (`&T`, `&self`, `'_`) with fresh lifetimes, `prefix` then a
/// number, skipping names `generics` already has.
struct NameElided {
    prefix: &'static str,
    taken: BTreeSet<String>,
    named: Vec<Lifetime>,
    /// The one lifetime every elided one gets instead (output elision's choice).
    fixed: Option<Lifetime>,
}

impl NameElided {
    fn new(prefix: &'static str, generics: &Generics) -> Self {
        NameElided {
            prefix,
            taken: generics
                .lifetimes()
                .map(|l| l.lifetime.to_string())
                .collect(),
            named: Vec::new(),
            fixed: None,
        }
    }

    /// Gives every elided lifetime `lifetime`.
    fn all_as(lifetime: Lifetime) -> Self {
        NameElided {
            prefix: "",
            taken: BTreeSet::new(),
            named: Vec::new(),
            fixed: Some(lifetime),
        }
    }

    fn fresh(&mut self) -> Lifetime {
        if let Some(fixed) = &self.fixed {
            return fixed.clone();
        }
        let mut n = self.named.len();
        loop {
            let name = format!("{}{n}", self.prefix);
            n += 1;
            if self.taken.insert(name.clone()) {
                let lifetime = Lifetime::new(&name, Span::call_site());
                self.named.push(lifetime.clone());
                return lifetime;
            }
        }
    }
}

impl VisitMut for NameElided {
    fn visit_type_reference_mut(&mut self, ty: &mut syn::TypeReference) {
        if ty.lifetime.is_none() {
            ty.lifetime = Some(self.fresh());
        }
        visit_mut::visit_type_reference_mut(self, ty);
    }

    fn visit_lifetime_mut(&mut self, lifetime: &mut Lifetime) {
        if lifetime.ident == "_" {
            *lifetime = self.fresh();
        }
    }

    // Lifetimes inside `fn(..)` types and `Fn(..)` bounds are elided there, not in the
    // signature.
    fn visit_type_bare_fn_mut(&mut self, _: &mut syn::TypeBareFn) {}

    fn visit_parenthesized_generic_arguments_mut(
        &mut self,
        _: &mut syn::ParenthesizedGenericArguments,
    ) {
    }
}

/// The lifetimes a type names, elided ones as `'_`, and how many are elided.
#[derive(Default)]
struct Named {
    lifetimes: BTreeSet<String>,
    elided: usize,
}

impl<'ast> Visit<'ast> for Named {
    fn visit_type_reference(&mut self, ty: &'ast syn::TypeReference) {
        if ty.lifetime.is_none() {
            self.lifetimes.insert("'_".to_string());
            self.elided += 1;
        }
        visit::visit_type_reference(self, ty);
    }

    fn visit_lifetime(&mut self, lifetime: &'ast Lifetime) {
        self.lifetimes.insert(lifetime.to_string());
        self.elided += usize::from(lifetime.ident == "_");
    }

    fn visit_type_bare_fn(&mut self, _: &'ast syn::TypeBareFn) {}

    fn visit_parenthesized_generic_arguments(
        &mut self,
        _: &'ast syn::ParenthesizedGenericArguments,
    ) {
    }
}

/// The elided lifetimes of a signature's inputs, the receiver's included.
fn elided_inputs(sig: &syn::Signature) -> usize {
    let mut count = 0;
    for input in &sig.inputs {
        let ty: &Type = match input {
            syn::FnArg::Receiver(receiver) => {
                if receiver
                    .reference
                    .as_ref()
                    .is_some_and(|(_, l)| l.is_none())
                {
                    count += 1;
                }
                if receiver.colon_token.is_none() {
                    continue;
                }
                &receiver.ty
            }
            syn::FnArg::Typed(typed) => &typed.ty,
        };
        count += count_elided(ty);
    }
    count
}

fn count_elided(ty: &Type) -> usize {
    let mut named = Named::default();
    named.visit_type(ty);
    named.elided
}

fn has_apit(sig: &syn::Signature) -> bool {
    sig.inputs.iter().any(|input| match input {
        syn::FnArg::Typed(typed) => {
            let mut finder = ImplTraits::default();
            finder.visit_type(&typed.ty);
            finder.found > 0
        }
        syn::FnArg::Receiver(_) => false,
    })
}

/// Adds `use<..>` naming every generic parameter in scope to each return-position
/// `impl Trait` of `sig`, when some lifetime in scope is not already named by it (otherwise
/// both editions capture the same).
fn capture_all(sig: &mut syn::Signature, outer: Option<&Generics>) {
    let syn::ReturnType::Type(_, output) = &sig.output else {
        return;
    };
    let mut impls = ImplTraits::default();
    impls.visit_type(output);
    if impls.found == 0 || impls.precise {
        return;
    }
    let elided = elided_inputs(sig);
    let mut in_scope: BTreeSet<String> = outer
        .into_iter()
        .chain(std::iter::once(&sig.generics))
        .flat_map(|g| g.lifetimes().map(|l| l.lifetime.to_string()))
        .collect();
    if elided > 0 {
        in_scope.insert("'_".to_string());
    }
    let mut named = Named::default();
    named.visit_type(output);
    if elided <= 1 && in_scope.is_subset(&named.lifetimes) {
        return;
    }
    // `'_` in `use<..>` is the lifetime that output elision picks: the one elided input only
    // when no other input lifetime competes with it.
    let plain_elided = elided == 1 && (elided_receiver(sig) || !names_input_lifetimes(sig));
    if (elided > 0 && !plain_elided) || has_apit(sig) {
        name_signature(sig);
    }
    let mut params: Vec<TokenStream> = Vec::new();
    let mut types: Vec<TokenStream> = Vec::new();
    for generics in outer.into_iter().chain(std::iter::once(&sig.generics)) {
        for param in &generics.params {
            match param {
                GenericParam::Lifetime(l) => {
                    let l = &l.lifetime;
                    params.push(quote!(#l));
                }
                GenericParam::Type(t) => {
                    let t = &t.ident;
                    types.push(quote!(#t));
                }
                GenericParam::Const(c) => {
                    let c = &c.ident;
                    types.push(quote!(#c));
                }
            }
        }
    }
    if elided_inputs(sig) > 0 {
        params.push(quote!('_));
    }
    params.extend(types);
    let bound: syn::TypeParamBound = parse_quote!(use<#(#params),*>);
    let syn::ReturnType::Type(_, output) = &mut sig.output else {
        return;
    };
    AddBound(bound).visit_type_mut(output);
}

fn elided_receiver(sig: &syn::Signature) -> bool {
    matches!(sig.inputs.first(), Some(syn::FnArg::Receiver(r)) if matches!(r.reference, Some((_, None))))
}

/// Whether an input names a lifetime (`&'a T`, `Foo<'a>`), the receiver's included.
fn names_input_lifetimes(sig: &syn::Signature) -> bool {
    sig.inputs.iter().any(|input| {
        let mut named = Named::default();
        match input {
            syn::FnArg::Receiver(r) => named.visit_receiver(r),
            syn::FnArg::Typed(typed) => named.visit_type(&typed.ty),
        }
        named.lifetimes.iter().any(|l| l != "'_")
    })
}

struct AddBound(syn::TypeParamBound);

impl VisitMut for AddBound {
    fn visit_type_impl_trait_mut(&mut self, ty: &mut syn::TypeImplTrait) {
        visit_mut::visit_type_impl_trait_mut(self, ty);
        ty.bounds.push(self.0.clone());
    }

    fn visit_type_bare_fn_mut(&mut self, _: &mut syn::TypeBareFn) {}
}

/// Names what `use<..>` cannot name as written: each elided input lifetime gets a lifetime
/// parameter (elided output lifetimes then take the receiver's, or the only input's), and
/// each argument-position `impl Trait` becomes a type parameter.
fn name_signature(sig: &mut syn::Signature) {
    let mut namer = NameElided::new("'a", &sig.generics);
    let mut receiver: Option<Lifetime> = None;
    for input in sig.inputs.iter_mut() {
        match input {
            syn::FnArg::Receiver(r) => {
                if let Some((_, lifetime)) = &mut r.reference {
                    if lifetime.is_none() {
                        *lifetime = Some(namer.fresh());
                    }
                    receiver = lifetime.clone();
                    if let Type::Reference(ty) = &mut *r.ty {
                        ty.lifetime = lifetime.clone();
                    }
                } else if r.colon_token.is_some() {
                    namer.visit_type_mut(&mut r.ty);
                }
            }
            syn::FnArg::Typed(typed) => namer.visit_type_mut(&mut typed.ty),
        }
    }
    let all_inputs: Vec<Lifetime> = {
        let mut named = Named::default();
        for input in &sig.inputs {
            if let syn::FnArg::Typed(typed) = input {
                named.visit_type(&typed.ty);
            }
        }
        named
            .lifetimes
            .iter()
            .map(|l| Lifetime::new(l, Span::call_site()))
            .collect()
    };
    let output_lifetime = receiver.or_else(|| match all_inputs.as_slice() {
        [only] => Some(only.clone()),
        _ => None,
    });
    let fresh = namer.named;
    for (index, lifetime) in fresh.into_iter().enumerate() {
        sig.generics.params.insert(index, parse_quote!(#lifetime));
    }
    if let (Some(lifetime), syn::ReturnType::Type(_, output)) = (output_lifetime, &mut sig.output) {
        NameElided::all_as(lifetime).visit_type_mut(output);
    }
    let mut apit = Apit {
        taken: sig
            .generics
            .type_params()
            .map(|t| t.ident.to_string())
            .collect(),
        params: Vec::new(),
    };
    for input in sig.inputs.iter_mut() {
        if let syn::FnArg::Typed(typed) = input {
            apit.visit_type_mut(&mut typed.ty);
        }
    }
    for param in apit.params {
        sig.generics.params.push(param);
    }
    if sig.generics.lt_token.is_none() && !sig.generics.params.is_empty() {
        sig.generics.lt_token = Some(Default::default());
        sig.generics.gt_token = Some(Default::default());
    }
}

/// Turns argument-position `impl Trait` into type parameters `I0`, `I1`...
struct Apit {
    taken: BTreeSet<String>,
    params: Vec<GenericParam>,
}

impl VisitMut for Apit {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        visit_mut::visit_type_mut(self, ty);
        let Type::ImplTrait(impl_trait) = ty else {
            return;
        };
        let mut n = self.params.len();
        let name = loop {
            let name = format!("I{n}");
            n += 1;
            if self.taken.insert(name.clone()) {
                break syn::Ident::new(&name, Span::call_site());
            }
        };
        let bounds: Punctuated<syn::TypeParamBound, Token![+]> = impl_trait.bounds.clone();
        self.params.push(parse_quote!(#name: #bounds));
        *ty = parse_quote!(#name);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::migrated;

    #[test]
    fn return_position_impl_trait_captures_the_receiver() {
        let out = migrated(
            "struct S(Vec<u8>); impl S { fn evens(&self) -> impl Iterator<Item = u8> { self.0.iter().copied() } fn all(&self) -> impl Iterator<Item = &u8> { self.0.iter() } }",
        );
        assert!(
            out.contains("-> impl Iterator<Item = u8> + use<'_>"),
            "{out}"
        );
        assert!(out.contains("-> impl Iterator<Item = &u8> {"), "{out}");
    }

    #[test]
    fn two_elided_inputs_are_named() {
        let out = migrated(
            "fn both(x: &[u8], y: &[u8]) -> impl Iterator<Item = u8> { x.iter().chain(y).copied() }",
        );
        assert!(out.contains("fn both<'a0, 'a1>(\n    x: &'a0 [u8],\n    y: &'a1 [u8],\n) -> impl Iterator<Item = u8> + use<'a0, 'a1>"), "{out}");
    }

    #[test]
    fn argument_position_impl_trait_becomes_a_parameter() {
        let out = migrated(
            "fn apit<T: Copy>(x: &[T], f: impl Fn(T) -> T) -> impl Iterator<Item = T> { x.iter().map(move |&b| f(b)) }",
        );
        assert!(out.contains("fn apit<'a0, T: Copy, I0: Fn(T) -> T>(\n    x: &'a0 [T],\n    f: I0,\n) -> impl Iterator<Item = T> + use<'a0, T, I0>"), "{out}");
    }

    #[test]
    fn impl_lifetimes_are_captured() {
        let out = migrated(
            "struct W<'a>(&'a [u8]); impl<'a> W<'a> { fn it(&self) -> impl Iterator<Item = u8> { self.0.iter().copied() } } impl W<'_> { fn it2(&self) -> impl Iterator<Item = u8> { self.0.iter().copied() } } trait T { fn t(&self) -> impl Iterator<Item = u8>; }",
        );
        assert!(
            out.contains("fn it(&self) -> impl Iterator<Item = u8> + use<'a, '_>"),
            "{out}"
        );
        assert!(out.contains("impl<'i0> W<'i0>"), "{out}");
        assert!(
            out.contains("fn it2(&self) -> impl Iterator<Item = u8> + use<'i0, '_>"),
            "{out}"
        );
        assert!(
            out.contains("fn t(&self) -> impl Iterator<Item = u8>;"),
            "{out}"
        );
    }

    #[test]
    fn without_lifetimes_nothing_changes() {
        let out =
            migrated("fn f<T: Clone>(v: Vec<T>) -> impl Iterator<Item = T> { v.into_iter() }");
        assert!(!out.contains("use<"), "{out}");
    }
}
