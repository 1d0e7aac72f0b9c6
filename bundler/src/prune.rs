//! Pruning: only what `main` can reach is kept, down to single items, methods and imports.
//!
//! The bundle is one crate, so every item of the library that the binary does not use would be
//! dead code. The pruner builds a graph whose nodes are items (functions, types, traits,
//! constants, macros, impl blocks and their members, trait members, and each leaf of each `use`),
//! resolves the paths each node mentions the way rustc does (modules, imports, glob imports,
//! `crate`/`self`/`super`/`Self`), and keeps what is reachable from `main`, to a fixpoint:
//! - an impl block is kept when every local type and trait in its header is kept;
//! - an inherent method is kept when it is named through its type (`Type::f`, `Self::f`), or
//!   called as a method (`.f()`: receivers' types are unknown, so by name);
//! - a trait member is kept when its name is used anywhere; impls of the trait follow the trait;
//! - a `use` leaf is kept when a kept path resolves through it, or it imports a kept trait whose
//!   methods its module calls;
//! - a macro is kept when invoked by name.
//!
//! Where resolution fails the pruner keeps by name, so it errs on keeping. Modules (and the
//! source files behind them) with nothing kept disappear.

use crate::comments::COMMENT;
use crate::loader::{marker_index, MARKER};
use crate::mentions::{type_path, Mentions, Receiver};
use std::collections::{BTreeMap, BTreeSet};
use syn::{FnArg, ImplItem, Item, TraitItem, UseTree};

type NodeId = usize;
type ModId = usize;

/// Names that, at the start of a path, are std's types or crates (never a generic parameter).
const STD_TYPES: [&str; 36] = [
    "std",
    "core",
    "alloc",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "f32",
    "f64",
    "bool",
    "char",
    "str",
    "Vec",
    "String",
    "Box",
    "Option",
    "Result",
    "Some",
    "None",
    "Ok",
    "Err",
    "Default",
    "Iterator",
    "From",
    "Into",
    "ToString",
    "Clone",
    "PartialEq",
];

/// std traits that are imported for their methods, and those methods: such an import is kept
/// when its module calls one of them (`write!`/`writeln!` call `write_fmt`).
const STD_TRAIT_METHODS: [(&str, &[&str]); 16] = [
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
];

/// Nesting depth beyond which resolution gives up (import cycles).
const MAX_DEPTH: usize = 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Module,
    Fn,
    /// Struct, enum, union.
    Type,
    Alias,
    Trait,
    Value,
    MacroRules,
    /// A macro invocation in item position (it may define items).
    ItemMacro,
    Impl,
    /// A function (with or without `self`) or constant of an impl block.
    ImplMember,
    TraitMember,
    Use,
    /// Kept unconditionally (extern crate, extern block, anything unknown).
    Other,
}

#[derive(Debug, Clone)]
struct Node {
    class: Class,
    name: Option<String>,
    module: ModId,
    mentions: Mentions,
    /// The impl or trait a member belongs to.
    parent: Option<NodeId>,
    /// For impl/trait members: whether it is a function, and whether it takes `self`.
    is_fn: bool,
    has_receiver: bool,
    /// Enum variant names.
    variants: Vec<String>,
    /// Use leaves: the imported path (for a glob, the path of what is glob-imported).
    use_path: Vec<String>,
    /// Modules: the module this node declares.
    child_module: Option<ModId>,
    /// Impl blocks: the paths of the self type, and of the trait.
    self_paths: Vec<Vec<String>>,
    trait_path: Option<Vec<String>>,
    /// Impl blocks: every path in the self type and the trait (not in the bounds).
    header: Mentions,
    /// Impl member functions returning `Self` (or the impl's own type).
    returns_self: bool,
    root: bool,
}

impl Node {
    fn new(class: Class, name: Option<String>, module: ModId) -> Self {
        Node {
            class,
            name,
            module,
            mentions: Mentions::default(),
            parent: None,
            is_fn: false,
            has_receiver: false,
            variants: Vec::new(),
            use_path: Vec::new(),
            child_module: None,
            self_paths: Vec::new(),
            trait_path: None,
            header: Mentions::default(),
            returns_self: false,
            root: false,
        }
    }
}

#[derive(Debug, Clone, Default)]
struct Module {
    parent: Option<ModId>,
    defs: BTreeMap<String, Vec<NodeId>>,
    uses: BTreeMap<String, Vec<NodeId>>,
    globs: Vec<NodeId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Target {
    Module(ModId),
    Node(NodeId),
}

#[derive(Debug, Clone, Default)]
struct Resolution {
    targets: Vec<Target>,
    uses: Vec<NodeId>,
    pair: Option<(Vec<NodeId>, String)>,
    external_assoc: Option<String>,
    fallback: Option<String>,
}

/// What pruning kept, for the report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PruneReport {
    /// Marker numbers (source files) with something kept.
    pub kept_files: BTreeSet<usize>,
    /// Marker numbers of every source file seen.
    pub all_files: BTreeSet<usize>,
}

fn is_placeholder(item: &Item) -> bool {
    marker_index(item, MARKER).is_some() || marker_index(item, COMMENT).is_some()
}

fn is_impl_placeholder(item: &ImplItem) -> bool {
    matches!(item, ImplItem::Macro(m) if m.mac.path.is_ident(COMMENT))
}

fn is_trait_placeholder(item: &TraitItem) -> bool {
    matches!(item, TraitItem::Macro(m) if m.mac.path.is_ident(COMMENT))
}

fn has_attr(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().any(|a| a.path().is_ident(name))
}

fn type_paths(ty: &syn::Type) -> Vec<Vec<String>> {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => vec![path
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect()],
        syn::Type::Reference(reference) => type_paths(&reference.elem),
        syn::Type::Paren(inner) => type_paths(&inner.elem),
        syn::Type::Group(inner) => type_paths(&inner.elem),
        _ => Vec::new(),
    }
}

/// The whole-crate graph.
struct Graph {
    nodes: Vec<Node>,
    modules: Vec<Module>,
    /// Trait node → its members by name.
    trait_members: BTreeMap<NodeId, BTreeMap<String, Vec<NodeId>>>,
    /// Impl node → members.
    impl_members: BTreeMap<NodeId, Vec<NodeId>>,
    /// Struct node → named field → the field type's path.
    field_types: BTreeMap<NodeId, BTreeMap<String, Vec<String>>>,
}

impl Graph {
    fn add(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    fn define(&mut self, module: ModId, name: &str, id: NodeId) {
        self.modules[module]
            .defs
            .entry(name.to_string())
            .or_default()
            .push(id);
    }

    fn add_items(&mut self, items: &[Item], module: ModId) {
        for item in items {
            if is_placeholder(item) {
                continue;
            }
            self.add_item(item, module);
        }
    }

    fn add_item(&mut self, item: &Item, module: ModId) {
        match item {
            Item::Mod(m) => {
                let name = m.ident.to_string();
                let id = self.add(Node::new(Class::Module, Some(name.clone()), module));
                self.modules.push(Module {
                    parent: Some(module),
                    ..Module::default()
                });
                let child = self.modules.len() - 1;
                self.nodes[id].child_module = Some(child);
                self.define(module, &name, id);
                if let Some((_, children)) = &m.content {
                    self.add_items(children, child);
                }
            }
            Item::Fn(f) => {
                let name = f.sig.ident.to_string();
                let mut node = Node::new(Class::Fn, Some(name.clone()), module);
                node.mentions = Mentions::of(item);
                node.root = (module == 0 && name == "main")
                    || has_attr(&f.attrs, "no_mangle")
                    || has_attr(&f.attrs, "export_name");
                let id = self.add(node);
                self.define(module, &name, id);
            }
            Item::Struct(s) => {
                self.add_named(item, Class::Type, &s.ident, module, Vec::new());
                let id = self.nodes.len() - 1;
                let fields = s
                    .fields
                    .iter()
                    .filter_map(|f| Some((f.ident.as_ref()?.to_string(), type_path(&f.ty)?)))
                    .collect();
                self.field_types.insert(id, fields);
            }
            Item::Union(u) => self.add_named(item, Class::Type, &u.ident, module, Vec::new()),
            Item::Enum(e) => {
                let variants = e.variants.iter().map(|v| v.ident.to_string()).collect();
                self.add_named(item, Class::Type, &e.ident, module, variants)
            }
            Item::Type(t) => self.add_named(item, Class::Alias, &t.ident, module, Vec::new()),
            Item::TraitAlias(t) => self.add_named(item, Class::Type, &t.ident, module, Vec::new()),
            Item::Const(c) => {
                let root = c.ident == "_";
                self.add_named(item, Class::Value, &c.ident, module, Vec::new());
                if root {
                    let last = self.nodes.len() - 1;
                    self.nodes[last].root = true;
                }
            }
            Item::Static(s) => {
                let root = has_attr(&s.attrs, "used") || has_attr(&s.attrs, "no_mangle");
                self.add_named(item, Class::Value, &s.ident, module, Vec::new());
                let last = self.nodes.len() - 1;
                self.nodes[last].root = root;
            }
            Item::Macro(m) => match &m.ident {
                Some(ident) => {
                    let name = ident.to_string();
                    let mut node = Node::new(Class::MacroRules, Some(name.clone()), module);
                    node.mentions.scan_tokens(m.mac.tokens.clone());
                    let id = self.add(node);
                    self.define(module, &name, id);
                    if has_attr(&m.attrs, "macro_export") && module != 0 {
                        self.define(0, &name, id);
                    }
                }
                None => {
                    let mut node = Node::new(Class::ItemMacro, None, module);
                    node.mentions = Mentions::of(item);
                    self.add(node);
                }
            },
            Item::Trait(t) => {
                let name = t.ident.to_string();
                let mut node = Node::new(Class::Trait, Some(name.clone()), module);
                node.mentions = Mentions::of(&t.generics);
                for bound in &t.supertraits {
                    let more = Mentions::of(bound);
                    node.mentions.paths.extend(more.paths);
                }
                let id = self.add(node);
                self.define(module, &name, id);
                let mut members: BTreeMap<String, Vec<NodeId>> = BTreeMap::new();
                for member in &t.items {
                    if is_trait_placeholder(member) {
                        continue;
                    }
                    let (name, is_fn) = match member {
                        TraitItem::Fn(f) => (Some(f.sig.ident.to_string()), true),
                        TraitItem::Const(c) => (Some(c.ident.to_string()), false),
                        TraitItem::Type(t) => (Some(t.ident.to_string()), false),
                        _ => (None, false),
                    };
                    let mut node = Node::new(Class::TraitMember, name.clone(), module);
                    node.parent = Some(id);
                    node.is_fn = is_fn;
                    node.mentions = Mentions::of(member);
                    let member_id = self.add(node);
                    if let Some(name) = name {
                        members.entry(name).or_default().push(member_id);
                    }
                }
                self.trait_members.insert(id, members);
            }
            Item::Impl(block) => {
                let mut node = Node::new(Class::Impl, None, module);
                node.self_paths = type_paths(&block.self_ty);
                node.trait_path = block.trait_.as_ref().map(|(_, path, _)| {
                    path.segments.iter().map(|s| s.ident.to_string()).collect()
                });
                let mut header = Mentions::of(&*block.self_ty);
                if let Some((_, path, _)) = &block.trait_ {
                    header.paths.extend(Mentions::of(path).paths);
                }
                node.header = header;
                // Bounds (`impl<T: Bound>`, where clauses) do not decide whether the impl is
                // needed; they are followed once it is.
                node.mentions = Mentions::of(&block.generics);
                let id = self.add(node);
                let mut members = Vec::new();
                for member in &block.items {
                    if is_impl_placeholder(member) {
                        continue;
                    }
                    let (name, is_fn, has_receiver) = match member {
                        ImplItem::Fn(f) => (
                            Some(f.sig.ident.to_string()),
                            true,
                            matches!(f.sig.inputs.first(), Some(FnArg::Receiver(_))),
                        ),
                        ImplItem::Const(c) => (Some(c.ident.to_string()), false, false),
                        ImplItem::Type(t) => (Some(t.ident.to_string()), false, false),
                        _ => (None, false, false),
                    };
                    let mut node = Node::new(Class::ImplMember, name, module);
                    if let ImplItem::Fn(f) = member {
                        if let syn::ReturnType::Type(_, ty) = &f.sig.output {
                            let returned = type_path(ty);
                            node.returns_self = returned.as_deref()
                                == Some(&["Self".to_string()][..])
                                || (returned.is_some()
                                    && returned.as_ref() == self.nodes[id].self_paths.first());
                        }
                    }
                    node.parent = Some(id);
                    node.is_fn = is_fn || matches!(member, ImplItem::Const(_));
                    node.has_receiver = has_receiver;
                    node.mentions = Mentions::of(member);
                    members.push(self.add(node));
                }
                self.impl_members.insert(id, members);
            }
            Item::Use(u) => {
                let mut prefix = Vec::new();
                self.add_use_tree(&u.tree, &mut prefix, module);
            }
            _ => {
                let mut node = Node::new(Class::Other, None, module);
                node.mentions = Mentions::of(item);
                node.root = true;
                self.add(node);
            }
        }
    }

    fn add_named(
        &mut self,
        item: &Item,
        class: Class,
        ident: &syn::Ident,
        module: ModId,
        variants: Vec<String>,
    ) {
        let name = ident.to_string();
        let mut node = Node::new(class, Some(name.clone()), module);
        node.mentions = Mentions::of(item);
        node.variants = variants;
        let id = self.add(node);
        self.define(module, &name, id);
    }

    fn add_use_tree(&mut self, tree: &UseTree, prefix: &mut Vec<String>, module: ModId) {
        match tree {
            UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.add_use_tree(&path.tree, prefix, module);
                prefix.pop();
            }
            UseTree::Name(name) => {
                let ident = name.ident.to_string();
                let (path, introduced) = if ident == "self" {
                    (prefix.clone(), prefix.last().cloned().unwrap_or_default())
                } else {
                    let mut path = prefix.clone();
                    path.push(ident.clone());
                    (path, ident)
                };
                self.add_use_leaf(path, Some(introduced), module);
            }
            UseTree::Rename(rename) => {
                let ident = rename.ident.to_string();
                let path = if ident == "self" {
                    prefix.clone()
                } else {
                    let mut path = prefix.clone();
                    path.push(ident);
                    path
                };
                self.add_use_leaf(path, Some(rename.rename.to_string()), module);
            }
            UseTree::Glob(_) => self.add_use_leaf(prefix.clone(), None, module),
            UseTree::Group(group) => {
                for item in &group.items {
                    self.add_use_tree(item, prefix, module);
                }
            }
        }
    }

    fn add_use_leaf(&mut self, path: Vec<String>, introduced: Option<String>, module: ModId) {
        let mut node = Node::new(Class::Use, introduced.clone(), module);
        node.use_path = path;
        let id = self.add(node);
        match introduced {
            Some(name) => self.modules[module].uses.entry(name).or_default().push(id),
            None => self.modules[module].globs.push(id),
        }
    }

    /// Targets of `name` looked up in module `m` (definitions, imports, then glob imports).
    fn lookup(&self, m: ModId, name: &str, uses: &mut Vec<NodeId>, depth: usize) -> Vec<Target> {
        if depth > MAX_DEPTH {
            return Vec::new();
        }
        let module = &self.modules[m];
        let mut out = Vec::new();
        if let Some(ids) = module.defs.get(name) {
            for &id in ids {
                out.push(match self.nodes[id].child_module {
                    Some(child) => Target::Module(child),
                    None => Target::Node(id),
                });
            }
        }
        if let Some(leaves) = module.uses.get(name) {
            for &leaf in leaves {
                let resolved = self.resolve(
                    self.nodes[leaf].module,
                    &self.nodes[leaf].use_path,
                    &[],
                    depth + 1,
                );
                uses.push(leaf);
                uses.extend(resolved.uses);
                out.extend(resolved.targets);
            }
        }
        if out.is_empty() {
            for &glob in &module.globs {
                let source = self.resolve(
                    self.nodes[glob].module,
                    &self.nodes[glob].use_path,
                    &[],
                    depth + 1,
                );
                for target in &source.targets {
                    match *target {
                        Target::Module(from) if from != m => {
                            let mut via = Vec::new();
                            let found = self.lookup(from, name, &mut via, depth + 1);
                            if !found.is_empty() {
                                uses.push(glob);
                                uses.extend(source.uses.iter().copied());
                                uses.extend(via);
                                out.extend(found);
                            }
                        }
                        Target::Node(id) if self.nodes[id].variants.iter().any(|v| v == name) => {
                            uses.push(glob);
                            uses.extend(source.uses.iter().copied());
                            out.push(Target::Node(id));
                        }
                        _ => {}
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn is_type(&self, id: NodeId) -> bool {
        matches!(
            self.nodes[id].class,
            Class::Type | Class::Alias | Class::Trait
        )
    }

    /// Resolves a path written in module `module`.
    fn resolve(
        &self,
        module: ModId,
        segments: &[String],
        self_types: &[NodeId],
        depth: usize,
    ) -> Resolution {
        let mut res = Resolution::default();
        let Some(first) = segments.first() else {
            return res;
        };
        if depth > MAX_DEPTH {
            return res;
        }
        let mut current: Vec<Target> = match first.as_str() {
            "crate" => vec![Target::Module(0)],
            "self" => vec![Target::Module(module)],
            "super" => self.modules[module]
                .parent
                .map(Target::Module)
                .into_iter()
                .collect(),
            "Self" => self_types.iter().map(|&id| Target::Node(id)).collect(),
            _ => self.lookup(module, first, &mut res.uses, depth),
        };
        if current.is_empty() {
            // `T::f` with `T` a generic parameter (or anything unknown): any `f` may be meant.
            // Not so for imported std items and std's own types (`Vec::new`, `u64::from`).
            let known_external = !res.uses.is_empty() || STD_TYPES.contains(&first.as_str());
            if segments.len() >= 2 && !known_external {
                res.external_assoc = segments.last().cloned();
            }
            return res;
        }
        for segment in &segments[1..] {
            let types: Vec<NodeId> = current
                .iter()
                .filter_map(|t| match *t {
                    Target::Node(id) if self.is_type(id) => Some(id),
                    _ => None,
                })
                .collect();
            if !types.is_empty() {
                if types.iter().any(|&id| self.nodes[id].class == Class::Alias) {
                    res.external_assoc = Some(segment.clone());
                }
                res.targets = types.iter().map(|&id| Target::Node(id)).collect();
                res.pair = Some((types, segment.clone()));
                return res;
            }
            let mut next = Vec::new();
            for target in &current {
                if let Target::Module(m) = *target {
                    match segment.as_str() {
                        "super" => next.extend(self.modules[m].parent.map(Target::Module)),
                        "self" => next.push(Target::Module(m)),
                        _ => next.extend(self.lookup(m, segment, &mut res.uses, depth)),
                    }
                }
            }
            if next.is_empty() {
                res.fallback = segments.last().cloned();
                return res;
            }
            current = next;
        }
        res.targets = current;
        res
    }

    /// The local types an impl block is for.
    fn self_types(&self, impl_id: NodeId) -> Vec<NodeId> {
        let node = &self.nodes[impl_id];
        let mut out = Vec::new();
        for path in &node.self_paths {
            for target in self.resolve(node.module, path, &[], 0).targets {
                if let Target::Node(id) = target {
                    if self.is_type(id) {
                        out.push(id);
                    }
                }
            }
        }
        out
    }

    /// The local trait an impl block implements, if any.
    fn impl_trait(&self, impl_id: NodeId) -> Option<NodeId> {
        let node = &self.nodes[impl_id];
        let path = node.trait_path.as_ref()?;
        self.resolve(node.module, path, &[], 0)
            .targets
            .into_iter()
            .find_map(|t| match t {
                Target::Node(id) if self.nodes[id].class == Class::Trait => Some(id),
                _ => None,
            })
    }

    /// Every local type or trait named in an impl block's header.
    fn header_refs(&self, impl_id: NodeId) -> Vec<NodeId> {
        let node = &self.nodes[impl_id];
        let mut out = Vec::new();
        for path in &node.header.paths {
            let res = self.resolve(node.module, path, &[], 0);
            for target in res.targets {
                if let Target::Node(id) = target {
                    if self.is_type(id) {
                        out.push(id);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The reachability computation.
struct Reach<'g> {
    graph: &'g Graph,
    kept: Vec<bool>,
    worklist: Vec<NodeId>,
    methods: BTreeSet<String>,
    module_methods: BTreeSet<(ModId, String)>,
    assoc_global: BTreeSet<String>,
    pairs: BTreeSet<(NodeId, String)>,
    pair_names: BTreeSet<String>,
    fallback: BTreeSet<String>,
    macros: BTreeSet<String>,
    idents: BTreeSet<String>,
    self_types: BTreeMap<NodeId, Vec<NodeId>>,
    impl_traits: BTreeMap<NodeId, Option<NodeId>>,
    header_refs: BTreeMap<NodeId, Vec<NodeId>>,
    /// (type, function) pairs where the function returns the type.
    constructors: BTreeSet<(NodeId, String)>,
    /// Types with a `Deref` impl: their values' methods may be another type's.
    deref_types: BTreeSet<NodeId>,
}

impl Reach<'_> {
    /// The local types a method call's receiver has, or nothing when unknown.
    fn receiver_types(&self, id: NodeId, receiver: &Receiver) -> Vec<NodeId> {
        let graph = self.graph;
        let module = graph.nodes[id].module;
        let local_types = |path: &[String], module: ModId| -> Vec<NodeId> {
            graph
                .resolve(module, path, &self.self_types_for(id), 0)
                .targets
                .into_iter()
                .filter_map(|t| match t {
                    Target::Node(n) if graph.is_type(n) => Some(n),
                    _ => None,
                })
                .collect()
        };
        let types = match receiver {
            Receiver::SelfValue => self.self_types_for(id),
            Receiver::SelfField(field) => {
                let mut found = Vec::new();
                for owner in self.self_types_for(id) {
                    let path = graph.field_types.get(&owner).and_then(|f| f.get(field));
                    match path {
                        Some(path) => found.extend(local_types(path, graph.nodes[owner].module)),
                        None => return Vec::new(),
                    }
                }
                found
            }
            Receiver::Typed(path) => local_types(path, module),
            Receiver::CallOf(path, function) => {
                let types = local_types(path, module);
                if types
                    .iter()
                    .all(|&t| self.constructors.contains(&(t, function.clone())))
                {
                    types
                } else {
                    Vec::new()
                }
            }
            Receiver::Unknown => Vec::new(),
        };
        // Aliases and Deref make the real receiver type uncertain: treat as unknown.
        let uncertain = types
            .iter()
            .any(|&t| graph.nodes[t].class == Class::Alias || self.deref_types.contains(&t));
        if uncertain {
            Vec::new()
        } else {
            types
        }
    }

    fn keep(&mut self, id: NodeId) -> bool {
        if self.kept[id] {
            return false;
        }
        self.kept[id] = true;
        self.worklist.push(id);
        true
    }

    fn apply(&mut self, res: Resolution) {
        for leaf in res.uses {
            self.keep(leaf);
        }
        for target in res.targets {
            if let Target::Node(id) = target {
                self.keep(id);
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
    fn self_types_for(&self, id: NodeId) -> Vec<NodeId> {
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

    fn process(&mut self, id: NodeId) {
        let graph = self.graph;
        let node = &graph.nodes[id];
        // A kept member keeps its impl or trait; a kept node keeps its module's `mod` item.
        if let Some(parent) = node.parent {
            self.keep(parent);
        }
        let self_types = self.self_types_for(id);
        let mut paths: Vec<&Vec<String>> = node.mentions.paths.iter().collect();
        if node.class == Class::Impl {
            paths.extend(node.header.paths.iter());
        }
        if node.class == Class::Use {
            let res = graph.resolve(node.module, &node.use_path, &[], 0);
            self.apply(res);
        }
        for path in paths {
            let mut res = graph.resolve(node.module, path, &self_types, 0);
            // A macro's body is resolved where the macro is used, which may be another module:
            // a name it uses that is unknown here is kept wherever it is defined.
            let unresolved = res.targets.is_empty()
                && res.pair.is_none()
                && res.external_assoc.is_none()
                && res.uses.is_empty();
            if node.class == Class::MacroRules && unresolved && path.len() == 1 {
                res.fallback = path.last().cloned();
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
            let types = self.receiver_types(id, receiver);
            if types.is_empty() {
                self.methods.insert(name.clone());
            } else {
                for ty in types {
                    self.pairs.insert((ty, name.clone()));
                }
                self.pair_names.insert(name.clone());
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
                    let res = graph.resolve(
                        graph.nodes[leaf].module,
                        &graph.nodes[leaf].use_path,
                        &[],
                        0,
                    );
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

    fn drain(&mut self) {
        while let Some(id) = self.worklist.pop() {
            self.process(id);
        }
    }

    fn name_used_as_assoc(&self, name: &str) -> bool {
        self.assoc_global.contains(name) || self.fallback.contains(name)
    }

    /// One pass over the conditional rules; true when something new was kept.
    fn conditional_pass(&mut self) -> bool {
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
                Class::Impl => {
                    let refs = &self.header_refs[&id];
                    refs.iter().all(|&r| self.kept[r])
                }
                Class::ImplMember => {
                    let Some(parent) = node.parent else { continue };
                    if !self.kept[parent] {
                        continue;
                    }
                    let is_trait_impl = graph.nodes[parent].trait_path.is_some();
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
                            || self.methods.contains(name)
                            || self.pair_names.contains(name)
                            || self.name_used_as_assoc(name))
                }
                Class::MacroRules => self.macros.contains(name),
                Class::ItemMacro => {
                    let mut inner = node.mentions.idents();
                    inner.any(|ident| self.idents.contains(ident) && !self.macros.contains(ident))
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
                            || self.pair_names.contains(member)
                            || self.assoc_global.contains(member)
                    });
                    let implemented_for_kept = self.impl_traits.iter().any(|(&block, t)| {
                        *t == Some(id) && self.self_types[&block].iter().all(|&ty| self.kept[ty])
                    });
                    self.fallback.contains(name) || (called && implemented_for_kept)
                }
                Class::Module | Class::Other => false,
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
    fn external_glob_needed(&self, leaf: NodeId, live_modules: &BTreeSet<ModId>) -> bool {
        let graph = self.graph;
        let node = &graph.nodes[leaf];
        node.name.is_none()
            && live_modules.contains(&node.module)
            && graph
                .resolve(node.module, &node.use_path, &[], 0)
                .targets
                .is_empty()
    }

    /// A `use` of a std trait is needed when its module calls one of the trait's methods.
    fn std_trait_import_needed(&self, leaf: NodeId) -> bool {
        let node = &self.graph.nodes[leaf];
        let Some(last) = node.use_path.last() else {
            return false;
        };
        let is_std = node
            .use_path
            .first()
            .is_some_and(|root| ["std", "core", "alloc"].contains(&root.as_str()));
        if !is_std {
            return false;
        }
        STD_TRAIT_METHODS
            .iter()
            .filter(|(name, _)| name == last)
            .flat_map(|(_, methods)| methods.iter())
            .any(|method| {
                self.module_methods
                    .contains(&(node.module, method.to_string()))
            })
    }

    /// A `use` of a trait is needed when its module calls one of the trait's methods.
    fn trait_import_needed(&self, leaf: NodeId) -> bool {
        let graph = self.graph;
        let node = &graph.nodes[leaf];
        let res = graph.resolve(node.module, &node.use_path, &[], 0);
        let mut traits = Vec::new();
        for target in &res.targets {
            match *target {
                Target::Node(id) if graph.nodes[id].class == Class::Trait => traits.push(id),
                Target::Module(m) if node.name.is_none() => {
                    for ids in graph.modules[m].defs.values() {
                        traits.extend(
                            ids.iter()
                                .filter(|&&id| graph.nodes[id].class == Class::Trait),
                        );
                    }
                }
                _ => {}
            }
        }
        traits.iter().any(|&t| {
            self.kept[t]
                && graph.trait_members[&t]
                    .keys()
                    .any(|member| self.module_methods.contains(&(node.module, member.clone())))
        })
    }
}

/// Removes from `items` (the bundle's root) everything `main` cannot reach.
pub fn prune(items: &mut Vec<Item>) -> PruneReport {
    let mut graph = Graph {
        nodes: Vec::new(),
        modules: vec![Module::default()],
        trait_members: BTreeMap::new(),
        impl_members: BTreeMap::new(),
        field_types: BTreeMap::new(),
    };
    graph.add_items(items, 0);
    let mut reach = Reach {
        graph: &graph,
        kept: vec![false; graph.nodes.len()],
        worklist: Vec::new(),
        methods: BTreeSet::new(),
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
    };
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
    mark_unused_data(items, &reads, &constructed);
    report
}

/// Fields and enum variants are not items: they cannot be pruned without changing the types.
/// A kept type's field that no kept code reads, or variant that no kept code constructs, is
/// data the library has for other binaries; it gets `#[allow(dead_code)]`.
fn mark_unused_data(items: &mut [Item], reads: &BTreeSet<String>, constructed: &BTreeSet<String>) {
    let allow: syn::Attribute = syn::parse_quote!(#[allow(dead_code)]);
    let mark_fields = |fields: &mut syn::Fields| {
        if let syn::Fields::Named(named) = fields {
            for field in named.named.iter_mut() {
                let name = field
                    .ident
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                if !reads.contains(&name) {
                    field.attrs.push(allow.clone());
                }
            }
        }
    };
    for item in items {
        match item {
            Item::Mod(module) => {
                if let Some((_, children)) = &mut module.content {
                    mark_unused_data(children, reads, constructed);
                }
            }
            Item::Struct(s) => mark_fields(&mut s.fields),
            Item::Enum(e) => {
                for variant in e.variants.iter_mut() {
                    if !constructed.contains(&variant.ident.to_string()) {
                        variant.attrs.push(allow.clone());
                    } else {
                        mark_fields(&mut variant.fields);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Keeps the kept items of a list (walking in the same order as `Graph::add_items`).
/// Returns whether anything real was kept.
fn filter_items(
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

fn filter_item(
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
                Some((_, children)) => filter_items(children, kept, counter, report),
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

fn filter_members<T>(
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
fn filter_use_tree(tree: &mut UseTree, kept: &[bool], counter: &mut usize) -> bool {
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
