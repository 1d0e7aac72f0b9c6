//! Reachability from `main` over the graph, to a fixpoint: what every kept node mentions is
//! kept, and the conditional rules (impl blocks, their members, trait members, imports kept for
//! their traits, macros by name) are applied until nothing changes.

use super::graph::{Class, Graph, ModId, NodeId, Resolution, Returns, Target, STD_TYPES};
use crate::mentions::Receiver;
use std::collections::{BTreeMap, BTreeSet};

/// std traits that are imported for their methods, and those methods: such an import is kept
/// when its module calls one of them (`write!`/`writeln!` call `write_fmt`).
pub(super) const STD_TRAIT_METHODS: [(&str, &[&str]); 55] = [
    (
        "Write",
        &[
            "write",
            "write_all",
            "write_fmt",
            "flush",
            "by_ref",
            "write_str",
            "write_char",
        ],
    ),
    (
        "Read",
        &[
            "read",
            "read_to_string",
            "read_to_end",
            "read_exact",
            "bytes",
            "take",
            "chain",
            "by_ref",
        ],
    ),
    (
        "BufRead",
        &[
            "lines",
            "read_line",
            "split",
            "read_until",
            "fill_buf",
            "consume",
        ],
    ),
    ("Seek", &["seek", "rewind", "stream_position"]),
    ("FromStr", &["from_str", "parse"]),
    (
        "Hasher",
        &[
            "finish",
            "write",
            "write_u8",
            "write_u16",
            "write_u32",
            "write_u64",
            "write_usize",
        ],
    ),
    ("Hash", &["hash"]),
    ("Borrow", &["borrow"]),
    ("BorrowMut", &["borrow_mut"]),
    ("Error", &["source", "description", "cause"]),
    ("Any", &["type_id"]),
    ("FromIterator", &["from_iter"]),
    ("Extend", &["extend"]),
    ("Sum", &["sum"]),
    ("Product", &["product"]),
    ("TryFrom", &["try_from"]),
    ("Debug", &["fmt"]),
    ("Display", &["fmt"]),
    ("Pointer", &["fmt"]),
    ("LowerHex", &["fmt"]),
    ("UpperHex", &["fmt"]),
    ("Octal", &["fmt"]),
    ("Binary", &["fmt"]),
    ("LowerExp", &["fmt"]),
    ("UpperExp", &["fmt"]),
    ("Deref", &["deref"]),
    ("DerefMut", &["deref_mut"]),
    ("AsRef", &["as_ref"]),
    ("AsMut", &["as_mut"]),
    ("Index", &["index"]),
    ("IndexMut", &["index_mut"]),
    ("BuildHasher", &["build_hasher", "hash_one"]),
    ("RangeBounds", &["start_bound", "end_bound", "contains"]),
    ("TryInto", &["try_into"]),
    ("Add", &["add"]),
    ("Sub", &["sub"]),
    ("Mul", &["mul"]),
    ("Div", &["div"]),
    ("Rem", &["rem"]),
    ("Neg", &["neg"]),
    ("Not", &["not"]),
    ("BitAnd", &["bitand"]),
    ("BitOr", &["bitor"]),
    ("BitXor", &["bitxor"]),
    ("Shl", &["shl"]),
    ("Shr", &["shr"]),
    ("AsRawFd", &["as_raw_fd"]),
    ("AsFd", &["as_fd"]),
    ("FromRawFd", &["from_raw_fd"]),
    ("IntoRawFd", &["into_raw_fd"]),
    ("OsStrExt", &["as_bytes", "from_bytes"]),
    ("OsStringExt", &["into_vec", "from_vec"]),
    ("PermissionsExt", &["mode", "set_mode", "from_mode"]),
    ("ExitStatusExt", &["signal", "core_dumped", "from_raw"]),
    ("ToSocketAddrs", &["to_socket_addrs"]),
];

/// std traits and their supertraits: a kept impl of one needs the others' impls for the same
/// type, which a macro call may write (either's `impl_fmt_traits!(Binary, Display, ..)` for
/// its `impl Error`).
const STD_SUPERTRAITS: [(&str, &[&str]); 10] = [
    ("Error", &["Debug", "Display"]),
    ("Ord", &["PartialOrd", "Eq", "PartialEq"]),
    ("Eq", &["PartialEq"]),
    ("PartialOrd", &["PartialEq"]),
    ("Copy", &["Clone"]),
    ("DerefMut", &["Deref"]),
    ("IndexMut", &["Index"]),
    ("DoubleEndedIterator", &["Iterator"]),
    ("ExactSizeIterator", &["Iterator"]),
    ("FusedIterator", &["Iterator"]),
];

/// The reachability computation.
pub(super) struct Reach<'g> {
    pub(super) graph: &'g Graph,
    pub(super) kept: Vec<bool>,
    pub(super) worklist: Vec<NodeId>,
    /// Method names called on receivers of unknown type.
    pub(super) methods: BTreeSet<String>,
    /// Method names called on receivers of std's types (only local traits can provide those).
    pub(super) foreign_methods: BTreeSet<String>,
    /// (module, name) of every method call and associated item named in a module.
    pub(super) module_methods: BTreeSet<(ModId, String)>,
    pub(super) assoc_global: BTreeSet<String>,
    pub(super) pairs: BTreeSet<(NodeId, String)>,
    pub(super) pair_names: BTreeSet<String>,
    pub(super) fallback: BTreeSet<String>,
    pub(super) macros: BTreeSet<String>,
    pub(super) idents: BTreeSet<String>,
    pub(super) self_types: BTreeMap<NodeId, Vec<NodeId>>,
    pub(super) impl_traits: BTreeMap<NodeId, Option<NodeId>>,
    pub(super) header_refs: BTreeMap<NodeId, Vec<NodeId>>,
    /// (type, function) pairs where the function returns the type.
    pub(super) constructors: BTreeSet<(NodeId, String)>,
    /// Types with a `Deref` impl: their values' methods may be another type's.
    pub(super) deref_types: BTreeSet<NodeId>,
    /// Impl and trait member functions by name.
    pub(super) method_index: BTreeMap<String, Vec<NodeId>>,
    /// Traits a `macro_rules!` body writes impls of: those impls are not seen, so a kept trait
    /// of these keeps all its members (ppv-lite86's `RotateEachWord32`).
    pub(super) macro_traits: BTreeSet<NodeId>,
    /// By macro name: the traits its `macro_rules!` body writes impls of, which a kept call
    /// of it needs.
    pub(super) traits_by_macro: BTreeMap<String, Vec<NodeId>>,
    /// `macro_rules!` definitions by name.
    pub(super) macro_defs: BTreeMap<String, Vec<NodeId>>,
    /// Item-position macro calls by the names of the macros they define.
    pub(super) macro_writers: BTreeMap<String, Vec<NodeId>>,
    /// By module: the modules that see its names, itself and those glob-importing it
    /// (directly or through other globs).
    pub(super) seen_from: BTreeMap<ModId, BTreeSet<ModId>>,
}

/// By module: itself and the modules whose glob imports reach it, directly or not (serde's
/// `use crate::lib::*`, through which `Write as FmtWrite` serves `write!` in `de`).
pub(super) fn glob_importers(graph: &Graph) -> BTreeMap<ModId, BTreeSet<ModId>> {
    let mut direct: BTreeMap<ModId, BTreeSet<ModId>> = BTreeMap::new();
    for (module, data) in graph.modules.iter().enumerate() {
        for &glob in &data.globs {
            let res = graph.resolve(module, &graph.nodes[glob].use_path, &[]);
            for target in res.targets {
                if let Target::Module(source) = target {
                    direct.entry(source).or_default().insert(module);
                }
            }
        }
    }
    let mut seen_from = BTreeMap::new();
    for module in 0..graph.modules.len() {
        let mut seen = BTreeSet::from([module]);
        let mut pending = vec![module];
        while let Some(next) = pending.pop() {
            for &importer in direct.get(&next).into_iter().flatten() {
                if seen.insert(importer) {
                    pending.push(importer);
                }
            }
        }
        seen_from.insert(module, seen);
    }
    seen_from
}

/// What a method call's receiver is known to be.
pub(super) enum Kind {
    /// One of these local types.
    Local(Vec<NodeId>),
    /// A type from std (or a slice, array, tuple, literal): only local traits may add methods.
    Foreign,
    /// A type parameter or `Self` in a trait: only trait methods can be called.
    TraitOnly,
    /// Not known.
    Unknown,
}

/// Smart pointers that deref to their contents: a method called through one may be the
/// contents' own.
const DEREF_WRAPPERS: [&str; 11] = [
    "Box",
    "Rc",
    "Arc",
    "Cow",
    "Ref",
    "RefMut",
    "MutexGuard",
    "RwLockReadGuard",
    "RwLockWriteGuard",
    "ManuallyDrop",
    "Pin",
];

impl Reach<'_> {
    /// What a type written in `module` is: the crate's own types, a foreign type (std's), or
    /// unknown (a generic parameter, a smart pointer that derefs to anything, an alias).
    fn classify_path(&self, id: NodeId, path: &[String], module: ModId) -> Kind {
        let graph = self.graph;
        if path
            .last()
            .is_some_and(|last| DEREF_WRAPPERS.contains(&last.as_str()))
        {
            return Kind::Unknown;
        }
        let res = graph.resolve(module, path, &self.self_types_for(id));
        let types: Vec<NodeId> = res
            .targets
            .iter()
            .filter_map(|t| match *t {
                Target::Node(n) if graph.is_type(n) => Some(n),
                _ => None,
            })
            .collect();
        if !types.is_empty() {
            return self.local(types);
        }
        let first_is_std = path
            .first()
            .is_some_and(|first| STD_TYPES.contains(&first.as_str()));
        if res.targets.is_empty() && (first_is_std || !res.uses.is_empty()) {
            Kind::Foreign
        } else {
            Kind::Unknown
        }
    }

    /// Local types, unless an alias or a `Deref` impl makes the real receiver uncertain.
    fn local(&self, types: Vec<NodeId>) -> Kind {
        let graph = self.graph;
        let uncertain = types.is_empty()
            || types
                .iter()
                .any(|&t| graph.nodes[t].class == Class::Alias || self.deref_types.contains(&t));
        if uncertain {
            Kind::Unknown
        } else {
            Kind::Local(types)
        }
    }

    /// What a method call's receiver is, inside node `id`.
    pub(super) fn classify(&self, id: NodeId, receiver: &Receiver) -> Kind {
        let graph = self.graph;
        let module = graph.nodes[id].module;
        match receiver {
            // In a trait's default method `self` is any implementor: only trait methods apply.
            Receiver::SelfValue if graph.nodes[id].class == Class::TraitMember => Kind::TraitOnly,
            Receiver::SelfValue => self.local(self.self_types_for(id)),
            Receiver::TypeParam => Kind::TraitOnly,
            Receiver::TypeParamCall(function) => {
                let returns_self = self.method_index.get(function).is_some_and(|candidates| {
                    candidates.iter().all(|&c| {
                        graph.nodes[c].class != Class::TraitMember
                            || graph.nodes[c].returns == Returns::SelfType
                    }) && candidates
                        .iter()
                        .any(|&c| graph.nodes[c].class == Class::TraitMember)
                });
                if returns_self {
                    Kind::TraitOnly
                } else {
                    Kind::Unknown
                }
            }
            Receiver::Typed(path) => self.classify_path(id, path, module),
            Receiver::CallOf(path, function) => match self.classify_path(id, path, module) {
                Kind::Local(types)
                    if types
                        .iter()
                        .all(|&t| self.constructors.contains(&(t, function.clone()))) =>
                {
                    Kind::Local(types)
                }
                _ => Kind::Unknown,
            },
            Receiver::Field(base, field) => {
                let Kind::Local(owners) = self.classify(id, base) else {
                    return Kind::Unknown;
                };
                let mut local = Vec::new();
                let mut foreign = false;
                for owner in owners {
                    match graph.field_types.get(&owner).and_then(|f| f.get(field)) {
                        Some(None) => foreign = true,
                        Some(Some(path)) => {
                            match self.classify_path(id, path, graph.nodes[owner].module) {
                                Kind::Local(types) => local.extend(types),
                                Kind::Foreign => foreign = true,
                                Kind::Unknown | Kind::TraitOnly => return Kind::Unknown,
                            }
                        }
                        None => return Kind::Unknown,
                    }
                }
                match (local.is_empty(), foreign) {
                    (false, false) => Kind::Local(local),
                    (true, true) => Kind::Foreign,
                    _ => Kind::Unknown,
                }
            }
            Receiver::MethodResult(base, method) => {
                // Only when the receiver's type is known: a method of an unknown receiver may
                // be std's, returning anything (`vec.remove(0)` gives back a local value).
                match self.classify(id, base) {
                    Kind::Local(types) => self.method_result(&types, method, false),
                    Kind::TraitOnly => self.method_result(&[], method, true),
                    _ => Kind::Unknown,
                }
            }
            Receiver::Foreign => Kind::Foreign,
            Receiver::Unknown => Kind::Unknown,
        }
    }

    /// What `method` returns when called on a value of one of `types`: the candidates are the
    /// local types' own methods of that name and the local traits' ones; all must agree.
    fn method_result(&self, types: &[NodeId], method: &str, traits_only: bool) -> Kind {
        let graph = self.graph;
        let Some(candidates) = self.method_index.get(method) else {
            return Kind::Unknown;
        };
        let mut local = Vec::new();
        let mut foreign = false;
        let mut any = false;
        for &candidate in candidates {
            let node = &graph.nodes[candidate];
            let owner_types = match node.class {
                Class::ImplMember if traits_only => continue,
                // The implementor of a trait method is not known here.
                Class::TraitMember if traits_only && node.returns == Returns::SelfType => {
                    return Kind::Unknown;
                }
                Class::ImplMember => {
                    let owner = node
                        .parent
                        .map_or_else(Vec::new, |p| self.self_types[&p].clone());
                    if !owner.iter().any(|t| types.contains(t)) {
                        continue;
                    }
                    owner
                }
                _ => types.to_vec(),
            };
            any = true;
            match &node.returns {
                Returns::SelfType => local.extend(owner_types),
                Returns::Foreign => foreign = true,
                Returns::Path(path) => match self.classify_path(candidate, path, node.module) {
                    Kind::Local(found) => local.extend(found),
                    Kind::Foreign => foreign = true,
                    Kind::Unknown | Kind::TraitOnly => return Kind::Unknown,
                },
                Returns::Unknown => return Kind::Unknown,
            }
        }
        match (any, local.is_empty(), foreign) {
            (true, false, false) => self.local(local),
            (true, true, true) => Kind::Foreign,
            _ => Kind::Unknown,
        }
    }

    pub(super) fn keep(&mut self, id: NodeId) -> bool {
        if self.kept[id] {
            return false;
        }
        self.kept[id] = true;
        self.worklist.push(id);
        true
    }

    pub(super) fn apply(&mut self, res: Resolution) {
        for leaf in res.uses {
            self.keep(leaf);
        }
        for target in res.targets {
            match target {
                Target::Node(id) => {
                    self.keep(id);
                }
                // A path to a module (`use crate::dfa::dense;`) needs the module to exist,
                // even when none of its items is kept.
                Target::Module(m) => {
                    if let Some(id) = self.graph.modules[m].node {
                        self.keep(id);
                    }
                }
            }
        }
        if let Some((types, name)) = res.pair {
            for id in types {
                self.pairs.insert((id, name.clone()));
            }
            self.pair_names.insert(name);
        }
        if let Some(name) = res.external_assoc {
            self.assoc_global.insert(name);
        }
        if let Some(name) = res.fallback {
            self.fallback.insert(name);
        }
    }

    /// The self types `Self` stands for inside node `id`.
    pub(super) fn self_types_for(&self, id: NodeId) -> Vec<NodeId> {
        let node = &self.graph.nodes[id];
        let owner = match node.class {
            Class::Impl => Some(id),
            Class::ImplMember => node.parent,
            _ => None,
        };
        owner
            .and_then(|owner| self.self_types.get(&owner).cloned())
            .unwrap_or_default()
    }

    /// Every item of the modules among `targets`, and every import there.
    fn keep_modules_items(&mut self, targets: &[Target]) {
        let graph = self.graph;
        for target in targets {
            if let Target::Module(m) = *target {
                let module = &graph.modules[m];
                for &item in module.defs.values().chain(module.uses.values()).flatten() {
                    self.keep(item);
                }
            }
        }
    }

    /// Names a macro's body (and the bodies of the macros it calls) gives are resolved where
    /// it is called (num-bigint's `UsizePromotion`): the calling module's imports of them stay.
    /// A body's path that ends with a metavariable (typenum's `$crate::$u`) may name any of
    /// `given`, the names the call gives.
    fn keep_imports_for_macro(&mut self, module: ModId, called: String, given: &[String]) {
        let graph = self.graph;
        let mut seen = BTreeSet::new();
        let mut pending = vec![called];
        while let Some(name) = pending.pop() {
            if !seen.insert(name.clone()) {
                continue;
            }
            // A macro another macro's call defines: that call's tokens hold its body.
            let defs = match self.macro_defs.get(&name) {
                Some(defs) => defs.clone(),
                None => self.macro_writers.get(&name).cloned().unwrap_or_default(),
            };
            for def in defs {
                let body = &graph.nodes[def].mentions;
                pending.extend(body.macros.iter().cloned());
                // matrixmultiply's `<$elem_ty>::zero()`: the calling module needs the trait.
                for method in &body.methods {
                    self.module_methods.insert((module, method.clone()));
                }
                // libm's `super::arch::$fn_name(..)`: `super` is the calling module's parent.
                for path in &body.paths {
                    let Some((last, prefix)) = path.split_last() else {
                        continue;
                    };
                    if last != crate::mentions::CALLER_NAMED || prefix.is_empty() {
                        continue;
                    }
                    let mut found = false;
                    for name in given {
                        let mut full = prefix.to_vec();
                        full.push(name.clone());
                        let res = graph.resolve(module, &full, &[]);
                        if !res.targets.is_empty() {
                            found = true;
                            self.apply(res);
                        }
                    }
                    // Where the call gives no name found there, the name may come from
                    // elsewhere: the whole module stays (memchr's
                    // `use crate::arch::x86_64::avx2::memchr::$memchrty;`).
                    if !found {
                        let res = graph.resolve(module, prefix, &[]);
                        self.keep_modules_items(&res.targets);
                        self.apply(res);
                    }
                }
                for ident in body.idents() {
                    for &leaf in graph.modules[module].uses.get(ident).into_iter().flatten() {
                        self.keep(leaf);
                    }
                }
            }
        }
    }

    pub(super) fn process(&mut self, id: NodeId) {
        let graph = self.graph;
        let node = &graph.nodes[id];
        // A kept member keeps its impl or trait; a kept node keeps its module's `mod` item.
        if let Some(parent) = node.parent {
            self.keep(parent);
        }
        let called: Vec<String> = node
            .called_macro
            .iter()
            .chain(node.mentions.macros.iter())
            .cloned()
            .collect();
        // gimli's `constant!(u8_value, ..)` calls `self.$value()`: any name the call gives
        // may be a method.
        let caller_names_methods = (node.mentions.calls_caller_methods
            && node.class != Class::MacroRules)
            || called.iter().any(|name| {
                self.macro_defs
                    .get(name)
                    .into_iter()
                    .flatten()
                    .any(|&def| graph.nodes[def].mentions.calls_caller_methods)
            });
        if caller_names_methods {
            for path in &node.mentions.paths {
                if let [name] = path.as_slice() {
                    self.methods.insert(name.clone());
                    self.module_methods.insert((node.module, name.clone()));
                }
            }
        }
        let given: Vec<String> = node
            .mentions
            .paths
            .iter()
            .filter(|path| path.len() == 1)
            .map(|path| path[0].clone())
            .collect();
        // petgraph's `GraphBase! {delegate_impl []}`: a macro that another macro writes, or
        // one whose body calls `$m!`, may call any macro its arguments name.
        let passes_macros = node.class == Class::ItemMacro
            && node.called_macro.as_ref().is_some_and(|callee| {
                self.macro_defs.get(callee).is_none_or(|defs| {
                    defs.iter()
                        .any(|&def| graph.nodes[def].mentions.calls_caller_macros)
                })
            });
        if passes_macros {
            for ident in node.mentions.idents() {
                if self.macro_defs.contains_key(ident) {
                    self.macros.insert(ident.clone());
                }
            }
        }
        for name in called {
            self.keep_imports_for_macro(node.module, name, &given);
        }
        if let Some(traits) = node
            .called_macro
            .as_ref()
            .and_then(|m| self.traits_by_macro.get(m))
        {
            // The call's module's import of the trait (`use super::Pow;`) stays with the other
            // names of the macro's body, above.
            for trait_id in traits.clone() {
                self.keep(trait_id);
            }
        }
        let implemented = node.trait_path.as_ref().and_then(|path| path.last());
        for (_, supertraits) in STD_SUPERTRAITS
            .iter()
            .filter(|(name, _)| implemented.is_some_and(|t| t == name))
        {
            self.idents
                .extend(supertraits.iter().map(|name| name.to_string()));
        }
        let self_types = self.self_types_for(id);
        let mut paths: Vec<&Vec<String>> = node.mentions.paths.iter().collect();
        if node.class == Class::Impl {
            paths.extend(node.header.paths.iter());
        }
        if node.class == Class::Use {
            let res = graph.resolve(node.module, &node.use_path, &[]);
            self.apply(res);
            // A name no item declares may come from a macro call (rand_chacha's
            // `chacha_impl!(ChaCha12Core, ChaCha12Rng, ..)`): calls that mention it stay.
            self.idents.extend(node.use_path.iter().cloned());
        }
        for path in paths {
            if let Some((last, module_path)) = path.split_last() {
                if last == crate::mentions::CALLER_NAMED {
                    // A `macro_rules!` body's such path is followed from each call, with the
                    // names the call gives (`keep_imports_for_macro`).
                    if node.class == Class::MacroRules {
                        continue;
                    }
                    // A macro defined inside a function: whichever item a call names, it is
                    // in that module, or imported there.
                    let res = graph.resolve(node.module, module_path, &self_types);
                    self.keep_modules_items(&res.targets);
                    self.apply(res);
                    continue;
                }
            }
            let mut res = graph.resolve(node.module, path, &self_types);
            // A macro's body is resolved where the macro is used, which may be another module:
            // a name it uses that is unknown here is kept wherever it is defined.
            let unresolved = res.targets.is_empty()
                && res.pair.is_none()
                && res.external_assoc.is_none()
                && res.uses.is_empty();
            if node.class == Class::MacroRules && unresolved && path.len() == 1 {
                res.fallback = path.last().cloned();
            }
            // `Type::f()` may be a trait's function: the module then needs the trait in scope.
            let associated = res
                .pair
                .as_ref()
                .map(|(_, name)| name.clone())
                .or_else(|| res.external_assoc.clone());
            if let Some(name) = associated {
                self.module_methods.insert((node.module, name));
            } else if path.len() >= 2 && res.targets.is_empty() {
                // `Core::from_rng(..)`, `Core` a renamed import of a type a macro defines:
                // any trait's function of that name may be the one called.
                self.module_methods
                    .insert((node.module, path[path.len() - 1].clone()));
                // `u64::min_tombstone(..)`: a function of the crate's own trait for a std
                // type, called as `value.f()` would be on a foreign value (gimli).
                if path.len() == 2 && STD_TYPES.contains(&path[0].as_str()) {
                    self.foreign_methods.insert(path[1].clone());
                }
            }
            self.apply(res);
        }
        for name in &node.mentions.assoc {
            self.assoc_global.insert(name.clone());
        }
        for name in &node.mentions.methods {
            self.methods.insert(name.clone());
            self.module_methods.insert((node.module, name.clone()));
        }
        for (name, receiver) in &node.mentions.method_calls {
            match self.classify(id, receiver) {
                Kind::Local(types) => {
                    for ty in types {
                        self.pairs.insert((ty, name.clone()));
                    }
                    self.pair_names.insert(name.clone());
                }
                Kind::Foreign | Kind::TraitOnly => {
                    self.foreign_methods.insert(name.clone());
                }
                Kind::Unknown => {
                    self.methods.insert(name.clone());
                }
            }
            self.module_methods.insert((node.module, name.clone()));
        }
        for name in &node.mentions.macros {
            self.macros.insert(name.clone());
            if name == "write" || name == "writeln" {
                self.module_methods
                    .insert((node.module, "write_fmt".to_string()));
            }
            // An imported macro: keep the import that brings it into scope.
            if let Some(leaves) = graph.modules[node.module].uses.get(name) {
                for &leaf in leaves {
                    let res =
                        graph.resolve(graph.nodes[leaf].module, &graph.nodes[leaf].use_path, &[]);
                    let is_macro = res.targets.iter().any(|t| {
                        matches!(*t, Target::Node(n) if graph.nodes[n].class == Class::MacroRules)
                    });
                    if is_macro {
                        self.keep(leaf);
                        self.apply(res);
                    }
                }
            }
        }
        for ident in node.mentions.idents() {
            self.idents.insert(ident.clone());
        }
    }

    pub(super) fn drain(&mut self) {
        while let Some(id) = self.worklist.pop() {
            self.process(id);
        }
    }

    /// Whether an impl block a macro call writes in `module` is needed: its self type is kept,
    /// and its trait too where the trait is the bundle's own. A self type not found here (a
    /// primitive, a generic parameter, not a path) is decided by the trait where it is the
    /// bundle's own, and keeps the call where it is not.
    fn impl_needed(&self, module: ModId, ty: Option<&str>, tr: Option<&str>) -> bool {
        let kept = |name: &str| -> Option<bool> {
            let res = self.graph.resolve(module, &[name.to_string()], &[]);
            (!res.targets.is_empty()).then(|| {
                res.targets.iter().any(|target| match *target {
                    Target::Node(id) => self.kept[id],
                    _ => true,
                })
            })
        };
        let local_trait = tr.and_then(kept);
        match ty.and_then(kept) {
            Some(type_kept) => type_kept && local_trait.unwrap_or(true),
            None => local_trait.unwrap_or(true),
        }
    }

    /// Whether every local type and trait in an impl block's header is kept.
    fn header_kept(&self, impl_id: NodeId) -> bool {
        self.header_refs[&impl_id].iter().all(|&r| self.kept[r])
    }

    pub(super) fn name_used_as_assoc(&self, name: &str) -> bool {
        self.assoc_global.contains(name) || self.fallback.contains(name)
    }

    /// One pass over the conditional rules; true when something new was kept.
    pub(super) fn conditional_pass(&mut self) -> bool {
        let graph = self.graph;
        let mut changed = false;
        let live_modules: BTreeSet<ModId> = graph
            .nodes
            .iter()
            .enumerate()
            .filter(|(id, node)| {
                self.kept[*id] && !matches!(node.class, Class::Use | Class::Module)
            })
            .map(|(_, node)| node.module)
            .collect();
        for (id, node) in graph.nodes.iter().enumerate() {
            if self.kept[id] {
                continue;
            }
            let name = node.name.as_deref().unwrap_or("");
            let needed = match node.class {
                // An inherent impl is kept through a kept member: one with none would be an
                // empty block, and would keep the imports its header names.
                Class::Impl => node.trait_path.is_some() && self.header_kept(id),
                Class::ImplMember => {
                    let Some(parent) = node.parent else { continue };
                    let is_trait_impl = graph.nodes[parent].trait_path.is_some();
                    // A member named through its type (`State::new_gap_left`) keeps its block
                    // even when a type only its header names is not kept yet (glidesort's
                    // `impl State<GapLeft>` is the only place that makes a `GapLeft`).
                    let named_by_type = !is_trait_impl
                        && self.self_types[&parent]
                            .iter()
                            .any(|&t| self.pairs.contains(&(t, name.to_string())));
                    if !self.kept[parent]
                        && (is_trait_impl || !(self.header_kept(parent) || named_by_type))
                    {
                        continue;
                    }
                    match (
                        is_trait_impl,
                        self.impl_traits.get(&parent).copied().flatten(),
                    ) {
                        (true, Some(trait_id)) => {
                            !node.is_fn
                                || graph.trait_members[&trait_id]
                                    .get(name)
                                    .is_some_and(|ms| ms.iter().any(|&m| self.kept[m]))
                        }
                        (true, None) => true,
                        (false, _) => {
                            let by_type = self.self_types[&parent]
                                .iter()
                                .any(|&t| self.pairs.contains(&(t, name.to_string())));
                            !node.is_fn
                                || by_type
                                || self.name_used_as_assoc(name)
                                || (node.has_receiver && self.methods.contains(name))
                        }
                    }
                }
                Class::TraitMember => {
                    let Some(parent) = node.parent else { continue };
                    self.kept[parent]
                        && (!node.is_fn
                            || self.macro_traits.contains(&parent)
                            || self.methods.contains(name)
                            || self.foreign_methods.contains(name)
                            || self.pair_names.contains(name)
                            || self.name_used_as_assoc(name))
                }
                Class::MacroRules => self.macros.contains(name),
                Class::ItemMacro => {
                    let mut inner = node.mentions.idents();
                    // smallvec's `impl_array!(0, 1, 2, ..)` names nothing, but its macro
                    // implements `Array`, which is kept; ndarray's
                    // `index_item!(tuple_to_array [] 7)` has the macro it names do it.
                    let implements_kept = node
                        .called_macro
                        .iter()
                        .chain(
                            node.mentions
                                .idents()
                                .filter(|name| self.macro_defs.contains_key(*name)),
                        )
                        .filter_map(|m| self.traits_by_macro.get(m))
                        .any(|traits| traits.iter().any(|&t| self.kept[t]));
                    let used = |name: &String| {
                        (self.idents.contains(name) && !self.macros.contains(name))
                            || self.fallback.contains(name)
                    };
                    let defines_called = node.writes_macros.iter().any(|m| self.macros.contains(m));
                    implements_kept
                        || defines_called
                        || match &node.written {
                            // libm's `libm_helper! { f64, funcs: { (fn sin(..) => sin); .. } }`
                            // names every function and writes an impl of a type nothing uses.
                            Some(written) => {
                                written.names.iter().any(used)
                                    || written.impls.iter().any(|(ty, tr)| {
                                        self.impl_needed(node.module, ty.as_deref(), tr.as_deref())
                                    })
                            }
                            None => inner.any(|ident| {
                                self.idents.contains(ident) && !self.macros.contains(ident)
                            }),
                        }
                }
                Class::Use => {
                    self.trait_import_needed(id)
                        || self.std_trait_import_needed(id)
                        || self.external_glob_needed(id, &live_modules)
                }
                // A trait is also needed when one of its methods is called (the trait may be
                // in scope through an import that is itself only kept for the trait).
                Class::Trait => {
                    let called = graph.trait_members[&id].keys().any(|member| {
                        self.methods.contains(member)
                            || self.foreign_methods.contains(member)
                            || self.pair_names.contains(member)
                            || self.assoc_global.contains(member)
                    });
                    let implemented_for_kept = self.impl_traits.iter().any(|(&block, t)| {
                        *t == Some(id) && self.self_types[&block].iter().all(|&ty| self.kept[ty])
                    });
                    // Impls a macro writes are not seen: such a trait is kept when called.
                    let implemented = implemented_for_kept || self.macro_traits.contains(&id);
                    self.fallback.contains(name) || (called && implemented)
                }
                Class::Module | Class::Other => false,
                Class::Value if node.written.is_some() => {
                    self.fallback.contains(name)
                        || node.written.iter().flat_map(|w| &w.impls).any(|(ty, tr)| {
                            self.impl_needed(node.module, ty.as_deref(), tr.as_deref())
                        })
                }
                _ => self.fallback.contains(name),
            };
            if needed && self.keep(id) {
                changed = true;
            }
        }
        changed
    }

    /// A glob import of something outside the crate (`use std::io::prelude::*`,
    /// `use std::cmp::Ordering::*`) cannot be looked into: it is kept while its module keeps
    /// any code.
    pub(super) fn external_glob_needed(
        &self,
        leaf: NodeId,
        live_modules: &BTreeSet<ModId>,
    ) -> bool {
        let graph = self.graph;
        let node = &graph.nodes[leaf];
        node.name.is_none()
            && live_modules.contains(&node.module)
            && graph
                .resolve(node.module, &node.use_path, &[])
                .targets
                .is_empty()
    }

    /// A `use` of a std trait is needed when its module calls one of the trait's methods.
    pub(super) fn std_trait_import_needed(&self, leaf: NodeId) -> bool {
        let node = &self.graph.nodes[leaf];
        let Some(last) = node.use_path.last() else {
            return false;
        };
        // serde's `pub use self::core::fmt::Write as FmtWrite`, its module `core` a glob
        // re-export of std's root.
        let is_std = node
            .use_path
            .iter()
            .any(|segment| ["std", "core", "alloc"].contains(&segment.as_str()));
        if !is_std {
            return false;
        }
        STD_TRAIT_METHODS
            .iter()
            .filter(|(name, _)| name == last)
            .flat_map(|(_, methods)| methods.iter())
            .any(|method| self.called_where_seen(leaf, method))
    }

    /// Whether `method` is called where the import `leaf` is seen: in its module, or in a
    /// module that glob-imports that module's names (a private import only in the module and
    /// the modules inside it).
    fn called_where_seen(&self, leaf: NodeId, method: &str) -> bool {
        let node = &self.graph.nodes[leaf];
        self.seen_from.get(&node.module).is_some_and(|modules| {
            modules.iter().any(|&m| {
                (node.public || self.graph.is_within(m, node.module))
                    && self.module_methods.contains(&(m, method.to_string()))
            })
        })
    }

    /// A `use` of a trait is needed when its module calls one of the trait's methods.
    pub(super) fn trait_import_needed(&self, leaf: NodeId) -> bool {
        let graph = self.graph;
        let node = &graph.nodes[leaf];
        let res = graph.resolve(node.module, &node.use_path, &[]);
        let mut traits = Vec::new();
        for target in &res.targets {
            match *target {
                Target::Node(id) if graph.nodes[id].class == Class::Trait => traits.push(id),
                // A trait a macro call declares (petgraph's `trait_template! { pub trait
                // GraphBase .. }`).
                Target::Node(id) if graph.nodes[id].class == Class::ItemMacro => {
                    let imported = node.use_path.last();
                    let called = graph.nodes[id]
                        .declared_traits
                        .iter()
                        .filter(|(name, _)| Some(name) == imported)
                        .flat_map(|(_, functions)| functions)
                        .any(|function| self.called_where_seen(leaf, function));
                    if self.kept[id] && called {
                        return true;
                    }
                }
                Target::Module(m) if node.name.is_none() => {
                    traits.extend(graph.traits_shown(m, node.module));
                }
                _ => {}
            }
        }
        traits.iter().any(|&t| {
            self.kept[t]
                && graph.trait_members[&t]
                    .keys()
                    .any(|member| self.called_where_seen(leaf, member))
        })
    }
}
