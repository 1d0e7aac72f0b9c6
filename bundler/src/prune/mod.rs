//! Pruning: only what `main` can reach is kept, down to single items, methods and imports.
//!
//! The bundle is one crate, so every item of the library that the binary does not use would be
//! dead code. The pruner builds a graph whose nodes are items (functions, types, traits,
//! constants, macros, impl blocks and their members, trait members, and each leaf of each `use`),
//! resolves the paths each node mentions the way rustc does (modules, imports, glob imports,
//! `crate`/`self`/`super`/`Self`), and keeps what is reachable from `main`, to a fixpoint:
//! - a trait impl is kept when every local type and trait in its header is kept; an inherent
//!   impl when, besides, one of its members is kept (an empty block would keep its imports);
//! - an inherent method is kept when it is named through its type (`Type::f`, `Self::f`), or
//!   called as a method on a receiver of that type (`self.f()`, `self.board.f()`, a variable
//!   bound with a written type or `Type::new(..)`), or called as a method on a receiver whose
//!   type is not known (then by name alone);
//! - a trait member is kept when its name is used anywhere; impls of the trait follow the trait;
//! - a `use` leaf is kept when a kept path resolves through it, or it imports a kept trait whose
//!   methods its module calls;
//! - a macro is kept when invoked by name.
//!
//! Where resolution fails the pruner keeps by name, so it errs on keeping. Modules (and the
//! source files behind them) with nothing kept disappear.
//!
//! Imports are settled first, to a fixed point as rustc does, so chains of glob re-exports
//! (libc's) cost one table read per name.
//!
//! `graph` builds the nodes and resolves paths, `reach` computes what is kept, `filter`
//! applies it to the syntax tree.

mod filter;
mod graph;
mod reach;

use filter::{filter_items, mark_unused_data};
use graph::{Class, Graph, NodeId};
use reach::Reach;
use std::collections::{BTreeMap, BTreeSet};
use syn::Item;

/// What pruning kept, for the report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PruneReport {
    /// Marker numbers (source files) with something kept.
    pub kept_files: BTreeSet<usize>,
    /// Marker numbers of every source file seen.
    pub all_files: BTreeSet<usize>,
    /// Fields never read and variants never constructed by the kept code (`Type::member`),
    /// marked `#[allow(dead_code)]`.
    pub unused_data: Vec<String>,
}

/// Removes from `items` (the bundle's root) everything `main` cannot reach.
pub fn prune(items: &mut Vec<Item>) -> PruneReport {
    let graph = Graph::build(items);
    let mut reach = Reach {
        graph: &graph,
        kept: vec![false; graph.nodes.len()],
        worklist: Vec::new(),
        methods: BTreeSet::new(),
        foreign_methods: BTreeSet::new(),
        module_methods: BTreeSet::new(),
        assoc_global: BTreeSet::new(),
        pairs: BTreeSet::new(),
        pair_names: BTreeSet::new(),
        fallback: BTreeSet::new(),
        macros: BTreeSet::new(),
        idents: BTreeSet::new(),
        self_types: BTreeMap::new(),
        impl_traits: BTreeMap::new(),
        header_refs: BTreeMap::new(),
        constructors: BTreeSet::new(),
        deref_types: BTreeSet::new(),
        method_index: BTreeMap::new(),
        macro_traits: BTreeSet::new(),
        traits_by_macro: BTreeMap::new(),
        macro_defs: BTreeMap::new(),
        macro_writers: BTreeMap::new(),
        seen_from: reach::glob_importers(&graph),
    };
    let mut traits_by_name: BTreeMap<&String, Vec<NodeId>> = BTreeMap::new();
    for (id, node) in graph.nodes.iter().enumerate() {
        if let (Class::Trait, Some(name)) = (node.class, &node.name) {
            traits_by_name.entry(name).or_default().push(id);
        }
    }
    for (id, node) in graph.nodes.iter().enumerate() {
        for name in &node.writes_macros {
            reach
                .macro_writers
                .entry(name.clone())
                .or_default()
                .push(id);
        }
        if let (Class::MacroRules, Some(name)) = (node.class, &node.name) {
            reach.macro_defs.entry(name.clone()).or_default().push(id);
            let traits = node
                .implements
                .iter()
                .filter_map(|t| traits_by_name.get(t))
                .flatten();
            let entry = reach.traits_by_macro.entry(name.clone()).or_default();
            entry.extend(traits);
        }
    }
    let mut in_macros: BTreeSet<&String> = graph
        .nodes
        .iter()
        .flat_map(|node| node.implements.iter())
        .collect();
    // `checked_impl!(CheckedAdd, checked_add, u8)` of a macro that writes `impl $trait_name
    // for $t`: the traits its calls name.
    let by_caller: BTreeSet<&String> = graph
        .nodes
        .iter()
        .filter(|node| node.class == Class::MacroRules && node.implements.iter().any(|t| t == "$"))
        .filter_map(|node| node.name.as_ref())
        .collect();
    for node in &graph.nodes {
        if node
            .called_macro
            .as_ref()
            .is_some_and(|m| by_caller.contains(m))
        {
            in_macros.extend(node.mentions.paths.iter().flatten());
        }
    }
    for (id, node) in graph.nodes.iter().enumerate() {
        if node.class == Class::Trait && node.name.as_ref().is_some_and(|n| in_macros.contains(n)) {
            reach.macro_traits.insert(id);
        }
    }
    for (id, node) in graph.nodes.iter().enumerate() {
        let member = matches!(node.class, Class::ImplMember | Class::TraitMember);
        if let (true, Some(name)) = (member, &node.name) {
            reach.method_index.entry(name.clone()).or_default().push(id);
        }
    }
    for (id, node) in graph.nodes.iter().enumerate() {
        if node.class == Class::Impl {
            reach.self_types.insert(id, graph.self_types(id));
            reach.impl_traits.insert(id, graph.impl_trait(id));
            reach.header_refs.insert(id, graph.header_refs(id));
        }
    }
    for (&block, members) in &graph.impl_members {
        let self_types = reach.self_types[&block].clone();
        let is_deref = graph.nodes[block]
            .trait_path
            .as_ref()
            .and_then(|p| p.last())
            .is_some_and(|name| name == "Deref" || name == "DerefMut");
        for &ty in &self_types {
            if is_deref {
                reach.deref_types.insert(ty);
            }
            for &member in members {
                if let (true, Some(name)) =
                    (graph.nodes[member].returns_self, &graph.nodes[member].name)
                {
                    reach.constructors.insert((ty, name.clone()));
                }
            }
        }
    }
    for (id, node) in graph.nodes.iter().enumerate() {
        if node.root {
            reach.keep(id);
        }
    }
    loop {
        reach.drain();
        if !reach.conditional_pass() && reach.worklist.is_empty() {
            break;
        }
    }
    // Trait members that were dropped take the matching members of local trait impls along.
    let mut kept = reach.kept.clone();
    for (&impl_id, members) in &graph.impl_members {
        let Some(Some(trait_id)) = reach.impl_traits.get(&impl_id) else {
            continue;
        };
        for &member in members {
            let Some(name) = &graph.nodes[member].name else {
                continue;
            };
            let in_trait = graph.trait_members[trait_id]
                .get(name)
                .is_some_and(|ms| ms.iter().any(|&m| kept[m]));
            if !in_trait {
                kept[member] = false;
            }
        }
    }
    let mut report = PruneReport::default();
    let mut counter = 0;
    filter_items(items, &kept, &mut counter, &mut report);
    let mut reads = BTreeSet::new();
    let mut constructed = BTreeSet::new();
    for (id, node) in graph.nodes.iter().enumerate() {
        if kept[id] {
            reads.extend(node.mentions.fields.iter().cloned());
            constructed.extend(node.mentions.constructors.iter().cloned());
        }
    }
    report.unused_data = mark_unused_data(items, &reads, &constructed);
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn kept(code: &str) -> String {
        let mut items = syn::parse_file(code).expect("parses").items;
        prune(&mut items);
        let file = syn::File {
            shebang: None,
            attrs: Vec::new(),
            items,
        };
        file.to_token_stream().to_string()
    }

    #[test]
    fn what_main_reaches_stays() {
        let out = kept(
            "fn main() { lib::used(); } mod lib { pub fn used() { helper() } fn helper() {} pub fn unused() {} pub struct S; impl S { pub fn m(&self) {} } }",
        );
        assert!(
            out.contains("fn used") && out.contains("fn helper"),
            "{out}"
        );
        assert!(
            !out.contains("unused") && !out.contains("struct S"),
            "{out}"
        );
    }

    #[test]
    fn trait_impls_follow_their_trait_and_type() {
        let out = kept(
            "trait T { fn t(&self) -> u8; } struct A; struct B; impl T for A { fn t(&self) -> u8 { 1 } } impl T for B { fn t(&self) -> u8 { 2 } } fn main() { A.t(); }",
        );
        assert!(out.contains("impl T for A"), "{out}");
        assert!(!out.contains("impl T for B"), "{out}");
    }

    /// ppv-lite86 writes trait methods with a macro called inside the impl.
    #[test]
    fn a_trait_whose_impl_calls_a_macro_keeps_its_members() {
        let out = kept(
            "macro_rules! fwd { ($f:ident) => { fn $f(self) -> Self { self } }; } trait Rot { fn right7(self) -> Self; fn right8(self) -> Self; } #[derive(Clone, Copy)] struct X; impl Rot for X { fwd!(right7); fwd!(right8); } fn main() { let _ = X.right7(); }",
        );
        assert!(
            out.contains("fn right7") && out.contains("fn right8"),
            "{out}"
        );
        assert!(out.contains("fwd ! (right8)"), "{out}");
    }

    /// num-traits: `checked_impl!(CheckedAdd, checked_add, u8)` writes `impl $trait_name for
    /// $t`, and `pow_impl!(..)` writes `impl<'a> Pow<&'a $rhs> for $t` where it is called.
    #[test]
    fn traits_a_macro_call_implements_stay_with_their_members_and_imports() {
        let out = kept(
            "pub trait CheckedAdd: Sized { fn checked_add(&self, v: &Self) -> Option<Self>; } macro_rules! checked_impl { ($trait_name:ident, $method:ident, $t:ty) => { impl $trait_name for $t { fn $method(&self, v: &$t) -> Option<$t> { <$t>::$method(*self, *v) } } }; } checked_impl!(CheckedAdd, checked_add, u8); pub trait Pow<R> { fn pow(self, r: R) -> Self; } macro_rules! pow_impl { ($t:ty, $rhs:ty) => { impl<'a> Pow<&'a $rhs> for $t { fn pow(self, _: &'a $rhs) -> $t { self } } }; } mod float_impls { use super::Pow; use crate::Half; pow_impl!(f32, Half); } pub struct Half; fn main() { let _ = 1u8.checked_add(&2); let _ = 2f32.pow(&Half); }",
        );
        assert!(out.contains("fn checked_add (& self"), "{out}");
        assert!(out.contains("pub trait Pow"), "{out}");
        assert!(out.contains("use super :: Pow"), "{out}");
    }

    /// libm's `libm_helper!`: a call that names every function but writes only an impl of a
    /// type nothing uses goes, with what only it names.
    #[test]
    fn a_macro_call_that_writes_only_unused_code_goes() {
        let out = kept(
            "pub fn sin_like() {} pub fn cos_like() {} pub struct Helper; macro_rules! helper { ($($f:ident),*) => { impl Helper { $(pub fn $f() { crate::$f() })* } }; } helper!(sin_like, cos_like); macro_rules! declare { ($n:ident) => { pub struct $n; }; } declare!(Used); fn main() { sin_like(); let _ = Used; }",
        );
        assert!(
            out.contains("fn sin_like") && out.contains("declare ! (Used)"),
            "{out}"
        );
        assert!(
            !out.contains("Helper") && !out.contains("cos_like"),
            "{out}"
        );
    }

    /// num-bigint: a macro body names `UsizePromotion`, which the calling module imports.
    #[test]
    fn names_a_macro_body_gives_keep_the_callers_imports() {
        let out = kept(
            "type UsizePromotion = u64; macro_rules! promote { ($t:ty) => { impl Into2 for $t { fn into2(self) -> UsizePromotion { self as UsizePromotion } } }; } pub trait Into2 { fn into2(self) -> u64; } mod addition { use crate::UsizePromotion; use crate::Into2; impl Into2 for u8 { promote_body!(); } } macro_rules! promote_body { () => { fn into2(self) -> UsizePromotion { self as UsizePromotion } }; } fn main() { let _ = 1u8.into2(); }",
        );
        assert!(out.contains("use crate :: UsizePromotion"), "{out}");
    }

    /// rand's `$ty::cast_from_int(value)`, a trait's function called on a macro's type.
    #[test]
    fn a_trait_function_on_a_macro_type_keeps_the_trait_import() {
        let out = kept(
            "mod utils { pub trait Cast { fn cast_from_int(i: u32) -> Self; } impl Cast for f32 { fn cast_from_int(i: u32) -> f32 { i as f32 } } } mod float { use crate::utils::Cast; macro_rules! m { ($ty:ident) => { $ty::cast_from_int(3) }; } macro_rules! n { ($ty:ty) => { <$ty>::cast_from_int(4) }; } pub fn make() -> f32 { m!(f32) + n!(f32) } } fn main() { float::make(); }",
        );
        assert!(out.contains("use crate :: utils :: Cast"), "{out}");
        assert_eq!(out.matches("fn cast_from_int").count(), 2, "{out}");
    }

    /// rand's `Core::from_rng(OsRng)`, where `Core` renames a type a macro defines.
    #[test]
    fn a_trait_function_through_a_renamed_import_keeps_the_trait_import() {
        let out = kept(
            "pub trait Seed: Sized { fn from_seed() -> Self; } macro_rules! def { ($n:ident) => { pub struct $n; impl crate::Seed for $n { fn from_seed() -> Self { $n } } }; } mod chacha { def!(Chacha); } mod std_rng { pub(crate) use crate::chacha::Chacha as Core; } mod core_crate { pub use crate::Seed; } mod thread { use super::std_rng::Core; use crate::core_crate::Seed; thread_local!(static KEY: super::chacha::Chacha = { Core::from_seed() }); pub fn make() { KEY.with(|_| ()) } } fn main() { thread::make(); }",
        );
        assert!(out.contains("use crate :: core_crate :: Seed"), "{out}");
    }

    #[test]
    fn an_inherent_impl_with_nothing_used_goes_with_its_import() {
        let out = kept(
            "mod clock { pub struct C; impl C { pub fn new() -> C { C } } } mod sau { pub use crate::clock::C; impl C { pub fn unused(&self) {} } } mod tag { pub struct M; impl M {} } fn main() { clock::C::new(); let _ = tag::M; }",
        );
        assert!(out.contains("fn new"), "{out}");
        assert!(!out.contains("unused") && !out.contains("mod sau"), "{out}");
        assert!(!out.contains("impl M"), "{out}");
    }

    #[test]
    fn an_inherent_impl_stays_for_a_constant_or_a_method() {
        let out = kept(
            "struct S; impl S { const N: u8 = 3; } struct R; impl R { fn f(&self) -> u8 { 1 } } fn main() { let _ = S::N; R.f(); }",
        );
        assert!(out.contains("const N"), "{out}");
        assert!(out.contains("fn f"), "{out}");
    }

    /// Chains of glob re-exports, each level also glob-importing its parent (libc's shape), are
    /// settled once, not searched again from every path.
    #[test]
    fn deep_glob_chains_resolve_to_the_item_and_keep_only_their_path() {
        let levels = 40;
        let mut code = String::from("fn main() { a0::deep(); }");
        for level in 0..levels {
            code += &format!(
                " mod a{level} {{ pub use self::a{next}::*; use super::*; pub fn unused{level}() {{}}",
                next = level + 1
            );
        }
        code += &format!(" mod a{levels} {{ pub fn deep() {{}} pub fn unused_deep() {{}} }}");
        code += &"}".repeat(levels);
        let out = kept(&code);
        assert!(out.contains("fn deep"), "{out}");
        assert!(!out.contains("unused"), "{out}");
        assert!(!out.contains("use super"), "{out}");
        assert_eq!(out.matches("pub use self").count(), levels, "{out}");
    }

    /// libc's shape: an Android-only import of `linux` beside a glob that brings Linux's.
    #[test]
    fn an_import_under_an_open_cfg_does_not_hide_a_glob() {
        let out = kept(
            "mod new { mod bionic { pub mod linux { pub mod types { pub type U16 = u16; } } } \
             mod uapi { pub(crate) mod linux { pub mod types { pub type U16 = u16; } } } \
             #[cfg(target_os = \"linux\")] pub(crate) use uapi::*; \
             #[cfg(target_os = \"android\")] use bionic::linux; \
             #[cfg(target_os = \"linux\")] pub use linux::types::*; \
             #[cfg(target_os = \"android\")] pub use linux::types::*; } \
             pub use new::*; fn main() { let _: U16 = 1; }",
        );
        assert!(out.contains("pub (crate) use uapi :: *"), "{out}");
        assert!(out.contains("use bionic :: linux"), "{out}");
        assert_eq!(
            out.matches("pub use linux :: types :: *").count(),
            2,
            "{out}"
        );
    }

    /// A glob sees another module's public names only; a private import there stays its own.
    #[test]
    fn a_glob_sees_only_what_its_source_shows() {
        let out = kept(
            "mod base { pub type Word = u32; } mod prelude { pub use crate::base::*; } \
             mod inner { use crate::base::*; pub fn unused() -> Word { 1 } } \
             mod outer { pub use crate::inner::*; pub use crate::prelude::*; } \
             fn main() { let _: outer::Word = 1; }",
        );
        assert!(out.contains("pub use crate :: prelude :: *"), "{out}");
        assert!(!out.contains("inner"), "{out}");
    }

    /// An import of std's item re-exported through globs (libc's `pub use core::ffi::c_int`).
    #[test]
    fn an_import_from_outside_the_crate_travels_through_globs() {
        let out = kept(
            "mod primitives { pub use core::ffi::{c_int, c_long}; } \
             pub use primitives::*; \
             mod prelude { pub(crate) use crate::{c_int}; } \
             mod unix { use crate::prelude::*; pub fn f() -> c_int { 0 } } \
             fn main() { unix::f(); }",
        );
        assert!(
            out.contains("pub use core :: ffi :: { c_int }")
                || out.contains("pub use core :: ffi :: c_int"),
            "{out}"
        );
        assert!(!out.contains("c_long"), "{out}");
        assert!(out.contains("pub use primitives :: *"), "{out}");
    }

    /// libc declares its structs inside `s! { .. }` calls; a glob must carry them.
    #[test]
    fn items_declared_in_a_macro_call_are_found_through_globs() {
        let out = kept(
            "macro_rules! s { ($($i:item)*) => { $($i)* } } \
             mod unix { s! { pub struct stat { pub size: u64 } } } \
             pub use unix::*; fn main() { let _ = std::mem::size_of::<stat>(); }",
        );
        assert!(out.contains("pub use unix :: *"), "{out}");
        assert!(out.contains("struct stat"), "{out}");
    }

    /// rand_chacha declares `ChaCha12Rng` by a call of its own macro; rand imports it renamed.
    #[test]
    fn a_name_a_macro_call_declares_keeps_the_call_when_imported() {
        let out = kept(
            "macro_rules! make { ($n:ident) => { pub struct $n; } } \
             mod chacha { make!(Rng12); make!(Unused); } \
             pub use chacha::Rng12 as Rng; fn main() { let _ = Rng; }",
        );
        assert!(out.contains("make ! (Rng12)"), "{out}");
        assert!(out.contains("pub use chacha :: Rng12 as Rng"), "{out}");
        assert!(!out.contains("Unused"), "{out}");
    }

    /// zerocopy documents its macros with `#[doc = codegen_section!(..)]`.
    #[test]
    fn a_macro_called_in_a_kept_macro_attribute_stays() {
        let out = kept(
            "macro_rules! section { () => { \"text\" } } \
             #[doc = section!()] macro_rules! double { ($e:expr) => { $e * 2 } } \
             fn main() { let _ = double!(2); }",
        );
        assert!(out.contains("macro_rules ! section"), "{out}");
    }

    /// ppv-lite86 implements its traits with `macro_rules!`: their members cannot be told
    /// unused.
    #[test]
    fn traits_a_macro_implements_keep_their_members() {
        let out = kept(
            "trait Rotate { fn r7(self) -> Self; fn r8(self) -> Self; } \
             macro_rules! imp { ($t:ty) => { impl Rotate for $t { fn r7(self) -> Self { self } fn r8(self) -> Self { self } } } } \
             imp!(u32); trait Plain { fn used(&self); fn unused(&self); } \
             impl Plain for u8 { fn used(&self) {} fn unused(&self) {} } \
             fn rot<T: Rotate>(x: T) -> T { x.r7() } \
             fn main() { let x: u32 = 1; rot(x); 1u8.used(); }",
        );
        assert!(out.contains("fn r8 (self) -> Self ;"), "{out}");
        assert!(!out.contains("fn unused"), "{out}");
    }

    /// zerocopy documents methods with `#[doc = codegen_header!(..)]`.
    #[test]
    fn a_macro_called_in_an_attribute_stays() {
        let out = kept(
            "macro_rules! header { () => { \"text\" } } struct S; \
             impl S { #[doc = header!()] fn f(&self) {} } fn main() { S.f(); }",
        );
        assert!(out.contains("macro_rules ! header"), "{out}");
    }

    /// zerocopy's `pub mod core_reexport { pub use core::*; }`, used as
    /// `core_reexport::mem::transmute`.
    #[test]
    fn a_path_through_a_glob_of_std_keeps_the_glob() {
        let out = kept(
            "mod util { pub mod core_reexport { pub use core::*; } } \
             fn main() { let _: u32 = unsafe { util::core_reexport::mem::transmute(1i32) }; }",
        );
        assert!(out.contains("pub use core :: *"), "{out}");
    }

    /// itertools: `mod coalesce; pub use self::coalesce::*;` where the module holds a function
    /// `coalesce`; the module does not hide the function.
    #[test]
    fn a_module_does_not_hide_a_glob_function_of_its_name() {
        let out = kept(
            "mod adaptors { mod coalesce { pub fn coalesce() -> u8 { 1 } } pub use self::coalesce::*; } \
             fn main() { adaptors::coalesce(); }",
        );
        assert!(out.contains("pub use self :: coalesce :: *"), "{out}");
        assert!(out.contains("pub fn coalesce"), "{out}");
    }

    /// zerocopy's `use util::{max, min};` inside a function, through the module's
    /// `use crate::util;`.
    #[test]
    fn a_use_inside_a_function_keeps_what_it_imports() {
        let out = kept(
            "mod util { pub fn max() -> u8 { 2 } pub fn min() -> u8 { 1 } pub fn unused() {} } mod layout { use crate::util; pub fn f() -> u8 { use util::{max, min}; max() + min() } } fn main() { layout::f(); }",
        );
        assert!(out.contains("fn max") && out.contains("fn min"), "{out}");
        assert!(!out.contains("fn unused"), "{out}");
    }

    /// ahash's `random_state.build_hasher()` needs `use core::hash::BuildHasher;`.
    #[test]
    fn a_std_trait_import_stays_for_its_method() {
        let out = kept(
            "mod specialize { use core::hash::BuildHasher; use core::hash::Hasher; pub fn f(s: &std::collections::hash_map::RandomState) -> u64 { s.build_hasher().finish() } } fn main() { specialize::f(&Default::default()); }",
        );
        assert!(out.contains("use core :: hash :: BuildHasher"), "{out}");
    }

    /// smallvec's `impl_array!(0, 1, 2)`: a call that names nothing but implements a kept
    /// trait stays; one whose trait goes, goes.
    #[test]
    fn a_macro_call_implementing_a_kept_trait_stays() {
        let out = kept(
            "pub unsafe trait Array { fn size() -> usize; } macro_rules! impl_array { ($($size:expr),+) => { $(unsafe impl<T> Array for [T; $size] { fn size() -> usize { $size } })+ }; } impl_array!(0, 1, 2); pub trait Unused { fn u(); } macro_rules! impl_unused { ($($n:expr),+) => { $(impl Unused for [u8; $n] { fn u() {} })+ }; } impl_unused!(3); fn size<A: Array>() -> usize { A::size() } fn main() { size::<[u8; 1]>(); }",
        );
        assert!(out.contains("impl_array ! (0 , 1 , 2)"), "{out}");
        assert!(!out.contains("impl_unused ! (3)"), "{out}");
    }
}
