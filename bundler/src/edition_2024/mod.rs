//! Edition 2024 code in an edition 2021 bundle.
//!
//! The bundle is compiled as edition 2021. What only edition 2024 accepts, or what it runs
//! differently, is rewritten into the 2021 form that does the same:
//! - let chains become nested `if`s; with an `else`, the chain runs in a labeled block so
//!   that the `else` runs once, after the condition's temporaries are dropped, as in 2024
//!   (`let_chains`);
//! - an `if let` with an `else` whose condition locks or borrows (`.borrow()`, `.lock()`...)
//!   drops that guard before the `else` in 2024 and after it in 2021, which panics or
//!   deadlocks at run time: it gets the same labeled block (`let_chains`);
//! - a return-position `impl Trait` gets a `+ use<..>` bound naming every lifetime in scope,
//!   elided lifetimes and argument-position `impl Trait` named first where that is needed
//!   (`captures`).
//!
//! A temporary at the end of a block that borrows one of the block's locals is fixed later,
//! where rustc finds it (`crate::tail_temporaries`).

mod captures;
mod let_chains;

use syn::visit_mut::VisitMut;
use syn::Item;

/// Rewrites one edition 2024 crate's items into edition 2021 code that behaves the same.
pub fn migrate(items: &mut [Item]) {
    let mut chains = let_chains::Chains::default();
    let mut captures = captures::Captures::default();
    for item in items.iter_mut() {
        chains.visit_item_mut(item);
        captures.visit_item_mut(item);
    }
}

#[cfg(test)]
mod tests {
    /// A source's items after [`super::migrate`], printed.
    pub fn migrated(source: &str) -> String {
        let mut file: syn::File = syn::parse_str(source).unwrap();
        super::migrate(&mut file.items);
        prettyplease::unparse(&file)
    }
}
