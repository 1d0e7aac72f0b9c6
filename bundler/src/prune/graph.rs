//! The pruner's graph: one node per item, impl member, trait member and `use` leaf, grouped
//! by module, and the resolution of a path written in a module to the nodes it names (through
//! definitions, imports, glob imports, `crate`, `self`, `super` and `Self`).

use crate::comments::COMMENT;
use crate::loader::{marker_index, MARKER};
use crate::mentions::{is_structural, type_path, Mentions};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use syn::{FnArg, ImplItem, Item, TraitItem, UseTree};

pub(super) type NodeId = usize;
pub(super) type ModId = usize;

/// Names that, at the start of a path, are std's types or crates (never a generic parameter).
pub(super) const STD_TYPES: [&str; 36] = [
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
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
pub(super) struct Node {
    pub(super) class: Class,
    pub(super) name: Option<String>,
    pub(super) module: ModId,
    pub(super) mentions: Mentions,
    /// The impl or trait a member belongs to.
    pub(super) parent: Option<NodeId>,
    /// For impl/trait members: whether it is a function, and whether it takes `self`.
    pub(super) is_fn: bool,
    pub(super) has_receiver: bool,
    /// Enum variant names.
    pub(super) variants: Vec<String>,
    /// Use leaves: the imported path (for a glob, the path of what is glob-imported).
    pub(super) use_path: Vec<String>,
    /// Modules: the module this node declares.
    pub(super) child_module: Option<ModId>,
    /// Impl blocks: the paths of the self type, and of the trait. Type aliases: the path of
    /// the type they name.
    pub(super) self_paths: Vec<Vec<String>>,
    pub(super) trait_path: Option<Vec<String>>,
    /// Impl blocks: every path in the self type and the trait (not in the bounds).
    pub(super) header: Mentions,
    /// Impl blocks: the paths only the trait's generic arguments name.
    pub(super) trait_args: Vec<Vec<String>>,
    /// Impl member functions returning `Self` (or the impl's own type).
    pub(super) returns_self: bool,
    /// Impl and trait member functions: what they return.
    pub(super) returns: Returns,
    pub(super) root: bool,
    /// `macro_rules!`: the traits its body writes impls of (`impl .. Trait for`); `$` when it
    /// writes an impl of a trait its caller names (`impl $trait_name for $t`).
    pub(super) implements: Vec<String>,
    /// An item-position macro call: the macro it calls.
    pub(super) called_macro: Option<String>,
    /// An item-position call of the crate's own `macro_rules!`: what it writes, where every
    /// item of that is read here. A named const whose block holds impls: those impls.
    pub(super) written: Option<Written>,
    /// An item-position call of the crate's own `macro_rules!`: the macros it defines
    /// (petgraph's `trait_template! { pub trait GraphBase .. }` defines `GraphBase!`).
    pub(super) writes_macros: Vec<String>,
    /// An item-position macro call: the traits it declares, each with its functions'
    /// names, as read from the call and from what the crate's own macro writes for it.
    pub(super) declared_traits: Vec<(String, Vec<String>)>,
    /// Under a `#[cfg]` left to the judge's rustc: it may not exist there.
    pub(super) conditional: bool,
    /// Visible outside its module (any `pub`; `macro_rules!` count as visible).
    pub(super) public: bool,
}

impl Node {
    pub(super) fn new(class: Class, name: Option<String>, module: ModId) -> Self {
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
            returns: Returns::Unknown,
            root: false,
            implements: Vec::new(),
            called_macro: None,
            written: None,
            writes_macros: Vec::new(),
            trait_args: Vec::new(),
            declared_traits: Vec::new(),
            conditional: false,
            public: false,
        }
    }
}

/// The items a macro call writes, as far as keeping the call goes.
#[derive(Debug, Clone, Default)]
pub(super) struct Written {
    /// The names they declare.
    pub(super) names: Vec<String>,
    /// Each impl block's self type and trait, by the last segment of their paths (`None` for
    /// a self type that is not a path, or a reference to one: `[u8; 3]`).
    pub(super) impls: Vec<(Option<String>, Option<String>)>,
}

/// What a function returns, as far as method-call chains need to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Returns {
    /// `Self`.
    SelfType,
    /// A type written as a path (through references).
    Path(Vec<String>),
    /// Nothing, or a slice, array, tuple...: never one of the crate's types.
    Foreign,
    /// `impl Trait`, a trait object, anything else.
    Unknown,
}

impl Returns {
    fn of(output: &syn::ReturnType) -> Self {
        match output {
            syn::ReturnType::Default => Returns::Foreign,
            syn::ReturnType::Type(_, ty) if is_structural(ty) => Returns::Foreign,
            syn::ReturnType::Type(_, ty) => match type_path(ty) {
                Some(path) if path.len() == 1 && path[0] == "Self" => Returns::SelfType,
                Some(path) => Returns::Path(path),
                None => Returns::Unknown,
            },
        }
    }
}

#[derive(Debug, Clone, Default)]
pub(super) struct Module {
    pub(super) parent: Option<ModId>,
    /// The `mod` item's node (`None` at the root).
    pub(super) node: Option<NodeId>,
    pub(super) defs: BTreeMap<String, Vec<NodeId>>,
    pub(super) uses: BTreeMap<String, Vec<NodeId>>,
    pub(super) globs: Vec<NodeId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Target {
    Module(ModId),
    Node(NodeId),
}

/// Where a name seen through a glob import came from: the glob's leaf, the module the name was
/// found in (`None` for the variants of a glob-imported enum), and the settling pass that found
/// it. What a pass finds rests only on what earlier passes found, so following origins to
/// earlier passes only never goes in circles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct GlobOrigin {
    glob: NodeId,
    from: Option<ModId>,
    pass: usize,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Resolution {
    pub(super) targets: Vec<Target>,
    pub(super) uses: Vec<NodeId>,
    pub(super) pair: Option<(Vec<NodeId>, String)>,
    pub(super) external_assoc: Option<String>,
    pub(super) fallback: Option<String>,
}

pub(super) fn is_placeholder(item: &Item) -> bool {
    marker_index(item, MARKER).is_some() || marker_index(item, COMMENT).is_some()
}

pub(super) fn is_impl_placeholder(item: &ImplItem) -> bool {
    matches!(item, ImplItem::Macro(m) if m.mac.path.is_ident(COMMENT))
}

pub(super) fn is_trait_placeholder(item: &TraitItem) -> bool {
    matches!(item, TraitItem::Macro(m) if m.mac.path.is_ident(COMMENT))
}

pub(super) fn has_attr(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().any(|a| a.path().is_ident(name))
}

pub(super) fn type_paths(ty: &syn::Type) -> Vec<Vec<String>> {
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

/// Whether an item is visible outside its module: any `pub`, and `macro_rules!` (textual scope
/// and `#[macro_export]` are not a module's privacy).
fn is_public(item: &Item) -> bool {
    let vis = match item {
        Item::Const(i) => &i.vis,
        Item::Enum(i) => &i.vis,
        Item::ExternCrate(i) => &i.vis,
        Item::Fn(i) => &i.vis,
        Item::Mod(i) => &i.vis,
        Item::Static(i) => &i.vis,
        Item::Struct(i) => &i.vis,
        Item::Trait(i) => &i.vis,
        Item::TraitAlias(i) => &i.vis,
        Item::Type(i) => &i.vis,
        Item::Union(i) => &i.vis,
        Item::Use(i) => &i.vis,
        Item::Macro(_) => return true,
        _ => return false,
    };
    !matches!(vis, syn::Visibility::Inherited)
}

/// The name of a called macro when it is a plain name (not `std::..` or `$crate::..`).
fn plain_macro_name(mac: &syn::Macro) -> Option<String> {
    mac.path.get_ident().map(|name| name.to_string())
}

/// The last segment of a path type's path, behind references (`&'a BigUint`).
fn last_segment(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        syn::Type::Reference(reference) => last_segment(&reference.elem),
        syn::Type::Paren(inner) => last_segment(&inner.elem),
        syn::Type::Group(inner) => last_segment(&inner.elem),
        _ => None,
    }
}

/// Every `macro_rules!` body in `items` and their modules, by the macro's name.
fn collect_macro_bodies(items: &[Item], out: &mut BTreeMap<String, Vec<proc_macro2::TokenStream>>) {
    for item in items {
        match item {
            Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                if let Some(name) = &m.ident {
                    out.entry(name.to_string())
                        .or_default()
                        .push(m.mac.tokens.clone());
                }
            }
            Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    collect_macro_bodies(inner, out);
                }
            }
            _ => {}
        }
    }
}

/// Names that items written inside a macro call declare (`s! { pub struct stat { .. } }`,
/// libc's): `struct`, `enum`, `union`, `type`, `trait`, `fn`, `const` or `static` followed by a
/// plain name. The call's node stands for them, so paths and glob imports can find them.
fn declared_in_tokens(tokens: proc_macro2::TokenStream) -> Vec<String> {
    use proc_macro2::TokenTree;
    const KEYWORDS: [&str; 8] = [
        "struct", "enum", "union", "type", "trait", "fn", "const", "static",
    ];
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::new();
    for (at, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(group) if group.delimiter() == proc_macro2::Delimiter::Brace => {
                // Only items at the top of a block of items, not inside function bodies.
                let inner_is_items =
                    at == 0 || !matches!(&trees[at - 1], TokenTree::Punct(_) | TokenTree::Ident(_));
                if inner_is_items {
                    out.extend(declared_in_tokens(group.stream()));
                }
            }
            TokenTree::Ident(word) if KEYWORDS.iter().any(|k| word == k) => {
                let after_dollar =
                    at > 0 && matches!(&trees[at - 1], TokenTree::Punct(p) if p.as_char() == '$');
                if let (false, Some(TokenTree::Ident(name))) = (after_dollar, trees.get(at + 1)) {
                    let name = name.to_string();
                    if name != "_" && !KEYWORDS.contains(&name.as_str()) {
                        out.push(name);
                    }
                }
            }
            _ => {}
        }
    }
    out.sort();
    out.dedup();
    out
}

/// An impl block's self type and trait, by the last segments of their paths (see [`Written`]).
fn impl_names(block: &syn::ItemImpl) -> (Option<String>, Option<String>) {
    let trait_name = block
        .trait_
        .as_ref()
        .and_then(|(_, path, _)| path.segments.last())
        .map(|s| s.ident.to_string());
    (last_segment(&block.self_ty), trait_name)
}

/// The macros tokens define at their top: the name after each `macro_rules!`.
fn macros_in_tokens(tokens: proc_macro2::TokenStream) -> Vec<String> {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    trees
        .windows(3)
        .filter_map(|window| match window {
            [TokenTree::Ident(word), TokenTree::Punct(bang), TokenTree::Ident(name)]
                if word == "macro_rules" && bang.as_char() == '!' =>
            {
                Some(name.to_string())
            }
            _ => None,
        })
        .collect()
}

/// The traits tokens declare at their top, each with the names of its functions.
fn traits_in_tokens(tokens: proc_macro2::TokenStream) -> Vec<(String, Vec<String>)> {
    use proc_macro2::{Delimiter, TokenTree};
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::new();
    for (at, tree) in trees.iter().enumerate() {
        let (TokenTree::Ident(word), Some(TokenTree::Ident(name))) = (tree, trees.get(at + 1))
        else {
            continue;
        };
        if word != "trait" {
            continue;
        }
        let body = trees[at + 2..].iter().find_map(|tree| match tree {
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => Some(group),
            _ => None,
        });
        let Some(body) = body else { continue };
        let members: Vec<TokenTree> = body.stream().into_iter().collect();
        let functions = members
            .windows(2)
            .filter_map(|pair| match pair {
                [TokenTree::Ident(keyword), TokenTree::Ident(function)] if keyword == "fn" => {
                    Some(function.to_string())
                }
                _ => None,
            })
            .collect();
        out.push((name.to_string(), functions));
    }
    out
}

/// The traits tokens write impls of: the last name before `for` after each `impl`.
fn implemented_in_tokens(tokens: proc_macro2::TokenStream) -> Vec<String> {
    use proc_macro2::TokenTree;
    let mut out = Vec::new();
    let mut last: Option<String> = None;
    let mut in_impl = false;
    let mut after_dollar = false;
    // Inside `<..>` of the header: generic parameters and arguments, not the trait's name.
    let mut depth = 0usize;
    for tree in tokens {
        let dollar = matches!(&tree, TokenTree::Punct(p) if p.as_char() == '$');
        match &tree {
            TokenTree::Punct(p) if in_impl && p.as_char() == '<' => depth += 1,
            TokenTree::Punct(p) if in_impl && p.as_char() == '>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        match tree {
            TokenTree::Group(group) => {
                out.extend(implemented_in_tokens(group.stream()));
                if group.delimiter() == proc_macro2::Delimiter::Brace {
                    in_impl = false;
                }
            }
            TokenTree::Ident(word) if word == "impl" => {
                in_impl = true;
                last = None;
                depth = 0;
            }
            TokenTree::Ident(word) if word == "for" && in_impl => {
                out.extend(last.take());
                in_impl = false;
            }
            TokenTree::Ident(word) if in_impl && depth == 0 => {
                last = Some(if after_dollar {
                    "$".to_string()
                } else {
                    word.to_string()
                });
            }
            _ => {}
        }
        after_dollar = dollar;
    }
    out.sort();
    out.dedup();
    out
}

/// The whole-crate graph.
pub(super) struct Graph {
    pub(super) nodes: Vec<Node>,
    pub(super) modules: Vec<Module>,
    /// Trait node → its members by name.
    pub(super) trait_members: BTreeMap<NodeId, BTreeMap<String, Vec<NodeId>>>,
    /// Impl node → members.
    pub(super) impl_members: BTreeMap<NodeId, Vec<NodeId>>,
    /// Struct node → named field → the field type's path (`None`: a slice, array, tuple...).
    pub(super) field_types: BTreeMap<NodeId, BTreeMap<String, Option<Vec<String>>>>,
    /// Named `use` leaf → what its path names, once imports are settled.
    leaf_targets: Vec<Vec<Target>>,
    /// Module → its glob imports of something outside the crate (`pub use core::*;`).
    outside_globs: Vec<Vec<NodeId>>,
    /// Module → the names its glob imports bring in, each target with its origins (see
    /// `glob_wants`).
    glob_names: Vec<BTreeMap<String, Vec<(Target, GlobOrigin)>>>,
    /// Settled lookups, (module, name, pass bound) → targets and the `use` leaves they go
    /// through.
    memo: RefCell<BTreeMap<(ModId, String, usize), Looked>>,
    /// Lookups in progress: an import cycle (invalid code) must not search in circles.
    active: RefCell<BTreeSet<(ModId, String, usize)>>,
    /// Every `macro_rules!` body by the macro's name, to see what an item-position call of it
    /// declares.
    macro_bodies: BTreeMap<String, Vec<proc_macro2::TokenStream>>,
}

/// What one pass of import settling newly found: targets of named leaves, and names that glob
/// imports bring into a module (module, name, target, origin).
struct Settled {
    leaves: Vec<(NodeId, Target)>,
    names: Vec<(ModId, String, Target, GlobOrigin)>,
}

/// A settled lookup: the targets, and the `use` leaves it goes through.
type Looked = (Vec<Target>, Vec<NodeId>);

/// A name lookup for `resolve_with`: targets of a name in a module, recording the leaves used.
type Look<'a> = &'a dyn Fn(ModId, &str, &mut Vec<NodeId>) -> Vec<Target>;

impl Graph {
    /// The graph of `items`, the bundle's root, with every import settled.
    pub(super) fn build(items: &[Item]) -> Self {
        let mut graph = Graph {
            nodes: Vec::new(),
            modules: vec![Module::default()],
            trait_members: BTreeMap::new(),
            impl_members: BTreeMap::new(),
            field_types: BTreeMap::new(),
            leaf_targets: Vec::new(),
            glob_names: Vec::new(),
            outside_globs: Vec::new(),
            memo: RefCell::default(),
            active: RefCell::default(),
            macro_bodies: BTreeMap::new(),
        };
        collect_macro_bodies(items, &mut graph.macro_bodies);
        graph.add_items(items, 0);
        graph.settle_imports();
        graph
    }

    pub(super) fn add(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// What a call of the crate's macro `name` with `tokens` writes, and what the calls of the
    /// crate's macros in that write in turn (varisat's `part!(pub VariablesP: Variables)`
    /// declares its struct two calls deep), into `out`.
    fn expansions(
        &self,
        name: &str,
        tokens: &proc_macro2::TokenStream,
        depth: usize,
        out: &mut Vec<proc_macro2::TokenStream>,
    ) {
        use proc_macro2::TokenTree;
        if depth > 8 {
            return;
        }
        for body in self.macro_bodies.get(name).into_iter().flatten() {
            let Some(written) = crate::macro_rules::expand(body.clone(), tokens.clone()) else {
                continue;
            };
            let trees: Vec<TokenTree> = written.clone().into_iter().collect();
            for call in trees.windows(3) {
                if let [TokenTree::Ident(inner), TokenTree::Punct(bang), TokenTree::Group(args)] =
                    call
                {
                    if bang.as_char() == '!' && inner != "macro_rules" {
                        self.expansions(&inner.to_string(), &args.stream(), depth + 1, out);
                    }
                }
            }
            out.push(written);
        }
    }

    /// What a call of one of the crate's `macro_rules!` macros writes (see [`Written`]):
    /// `None` where an arm does not match as [`crate::macro_rules`] reads it, or the output
    /// holds an item not read here (a module, an import, another macro's call...).
    fn written_by(&self, mac: &syn::Macro, depth: usize) -> Option<Written> {
        if depth > 8 {
            return None;
        }
        let bodies = self.macro_bodies.get(&plain_macro_name(mac)?)?;
        let mut written = Written::default();
        for body in bodies {
            let tokens = crate::macro_rules::expand(body.clone(), mac.tokens.clone())?;
            let file: syn::File = syn::parse2(tokens).ok()?;
            for item in &file.items {
                let name = match item {
                    Item::Fn(f) => Some(&f.sig.ident),
                    Item::Struct(s) => Some(&s.ident),
                    Item::Enum(e) => Some(&e.ident),
                    Item::Union(u) => Some(&u.ident),
                    Item::Type(t) => Some(&t.ident),
                    Item::Trait(t) => Some(&t.ident),
                    Item::Const(c) => Some(&c.ident),
                    Item::Static(s) => Some(&s.ident),
                    Item::Macro(m) if m.mac.path.is_ident("macro_rules") => m.ident.as_ref(),
                    Item::Macro(m) => {
                        let inner = self.written_by(&m.mac, depth + 1)?;
                        written.names.extend(inner.names);
                        written.impls.extend(inner.impls);
                        None
                    }
                    Item::Impl(block) => {
                        written.impls.push(impl_names(block));
                        None
                    }
                    _ => return None,
                };
                written.names.extend(name.map(|n| n.to_string()));
            }
        }
        Some(written)
    }

    pub(super) fn define(&mut self, module: ModId, name: &str, id: NodeId) {
        self.modules[module]
            .defs
            .entry(name.to_string())
            .or_default()
            .push(id);
    }

    pub(super) fn add_items(&mut self, items: &[Item], module: ModId) {
        for item in items {
            if is_placeholder(item) {
                continue;
            }
            let first = self.nodes.len();
            self.add_item(item, module);
            let conditional = crate::cfg::item_attrs(item)
                .iter()
                .any(|a| a.path().is_ident("cfg"));
            let public = is_public(item);
            // A module's own node only: its items were added with their own attributes.
            let last = match item {
                Item::Mod(_) => first + 1,
                _ => self.nodes.len(),
            };
            for node in &mut self.nodes[first..last] {
                node.conditional = conditional;
                node.public = public;
            }
        }
    }

    pub(super) fn add_item(&mut self, item: &Item, module: ModId) {
        match item {
            Item::Mod(m) => {
                let name = m.ident.to_string();
                let id = self.add(Node::new(Class::Module, Some(name.clone()), module));
                self.modules.push(Module {
                    parent: Some(module),
                    node: Some(id),
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
                    .filter_map(|f| {
                        let name = f.ident.as_ref()?.to_string();
                        if is_structural(&f.ty) {
                            Some((name, None))
                        } else {
                            Some((name, Some(type_path(&f.ty)?)))
                        }
                    })
                    .collect();
                self.field_types.insert(id, fields);
            }
            Item::Union(u) => self.add_named(item, Class::Type, &u.ident, module, Vec::new()),
            Item::Enum(e) => {
                let variants = e.variants.iter().map(|v| v.ident.to_string()).collect();
                self.add_named(item, Class::Type, &e.ident, module, variants)
            }
            Item::Type(t) => {
                self.add_named(item, Class::Alias, &t.ident, module, Vec::new());
                let last = self.nodes.len() - 1;
                self.nodes[last].self_paths = type_paths(&t.ty);
            }
            Item::TraitAlias(t) => self.add_named(item, Class::Type, &t.ident, module, Vec::new()),
            Item::Const(c) => {
                let root = c.ident == "_";
                self.add_named(item, Class::Value, &c.ident, module, Vec::new());
                let last = self.nodes.len() - 1;
                if root {
                    self.nodes[last].root = true;
                } else if let syn::Expr::Block(block) = &*c.expr {
                    // A derive's `const _DERIVE_Default_FOR_X: () = { impl Default for X .. };`
                    // (varisat's `DocDefault`) is there for the impls it holds.
                    let impls: Vec<(Option<String>, Option<String>)> = block
                        .block
                        .stmts
                        .iter()
                        .filter_map(|stmt| match stmt {
                            syn::Stmt::Item(Item::Impl(inner)) => Some(impl_names(inner)),
                            _ => None,
                        })
                        .collect();
                    if !impls.is_empty() {
                        self.nodes[last].written = Some(Written {
                            names: Vec::new(),
                            impls,
                        });
                    }
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
                    node.implements = implemented_in_tokens(m.mac.tokens.clone());
                    // `#[doc = codegen_section!(..)]` (zerocopy's) calls a macro too.
                    for attr in &m.attrs {
                        if let syn::Meta::NameValue(pair) = &attr.meta {
                            let value = &pair.value;
                            node.mentions.scan_tokens(quote::quote!(#value));
                        }
                    }
                    let id = self.add(node);
                    self.define(module, &name, id);
                    if has_attr(&m.attrs, "macro_export") && module != 0 {
                        self.define(0, &name, id);
                    }
                }
                None => {
                    let mut node = Node::new(Class::ItemMacro, None, module);
                    node.mentions = Mentions::of(item);
                    node.called_macro = m.mac.path.segments.last().map(|s| s.ident.to_string());
                    let id = self.add(node);
                    let mut declared = declared_in_tokens(m.mac.tokens.clone());
                    let mut traits = traits_in_tokens(m.mac.tokens.clone());
                    // gimli's `dw!(DwLang(u16) { .. })` names its struct through `$name`:
                    // what the call writes declares it.
                    let mut macros = Vec::new();
                    let mut written = Vec::new();
                    if let Some(name) = plain_macro_name(&m.mac) {
                        self.expansions(&name, &m.mac.tokens, 0, &mut written);
                    }
                    for tokens in written {
                        macros.extend(macros_in_tokens(tokens.clone()));
                        traits.extend(traits_in_tokens(tokens.clone()));
                        declared.extend(declared_in_tokens(tokens));
                    }
                    macros.sort();
                    macros.dedup();
                    self.nodes[id].writes_macros = macros;
                    traits.sort();
                    traits.dedup();
                    self.nodes[id].declared_traits = traits;
                    declared.sort();
                    declared.dedup();
                    for name in declared {
                        self.define(module, &name, id);
                    }
                    self.nodes[id].written = self.written_by(&m.mac, 0);
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
                    if let TraitItem::Fn(f) = member {
                        node.returns = Returns::of(&f.sig.output);
                    }
                    node.parent = Some(id);
                    node.is_fn = is_fn;
                    node.mentions = Mentions::within(member, &t.generics);
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
                    let trait_paths = Mentions::of(path).paths;
                    let own: Vec<String> =
                        path.segments.iter().map(|s| s.ident.to_string()).collect();
                    node.trait_args = trait_paths
                        .iter()
                        .filter(|p| **p != own && !header.paths.contains(p))
                        .cloned()
                        .collect();
                    header.paths.extend(trait_paths);
                }
                node.header = header;
                // Bounds (`impl<T: Bound>`, where clauses) do not decide whether the impl is
                // needed; they are followed once it is.
                node.mentions = Mentions::of(&block.generics);
                // Members a macro call writes (`fwd_unop_x2!(rotate_each_word_right7);`, as
                // ppv-lite86 does) cannot be named here: the trait keeps all of its own.
                let written_by_macro =
                    |m: &ImplItem| matches!(m, ImplItem::Macro(_)) && !is_impl_placeholder(m);
                if block.items.iter().any(written_by_macro) {
                    if let Some((_, path, _)) = &block.trait_ {
                        node.implements
                            .extend(path.segments.last().map(|s| s.ident.to_string()));
                    }
                }
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
                        node.returns = Returns::of(&f.sig.output);
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
                    node.mentions = Mentions::within(member, &block.generics);
                    members.push(self.add(node));
                }
                self.impl_members.insert(id, members);
            }
            Item::Use(u) => {
                self.add_use_tree(&u.tree, module);
            }
            _ => {
                let mut node = Node::new(Class::Other, None, module);
                node.mentions = Mentions::of(item);
                node.root = true;
                self.add(node);
            }
        }
    }

    pub(super) fn add_named(
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

    pub(super) fn add_use_tree(&mut self, tree: &UseTree, module: ModId) {
        for (path, introduced) in crate::mentions::use_leaves(tree) {
            self.add_use_leaf(path, introduced, module);
        }
    }

    pub(super) fn add_use_leaf(
        &mut self,
        path: Vec<String>,
        introduced: Option<String>,
        module: ModId,
    ) {
        let mut node = Node::new(Class::Use, introduced.clone(), module);
        node.use_path = path;
        // `use app::main;` at the root: the program starts there.
        node.root = module == 0 && introduced.as_deref() == Some("main");
        let id = self.add(node);
        match introduced {
            Some(name) => self.modules[module].uses.entry(name).or_default().push(id),
            None => self.modules[module].globs.push(id),
        }
    }

    /// Resolves every import to a fixed point, as rustc does: each pass resolves the named
    /// `use` leaves and copies into each glob-importing module the names its sources show, until
    /// nothing changes. Chains of globs (`pub use self::x::*;` level after level) and globs
    /// importing each other are then plain table reads.
    fn settle_imports(&mut self) {
        self.leaf_targets = vec![Vec::new(); self.nodes.len()];
        self.glob_names = vec![BTreeMap::new(); self.modules.len()];
        let leaves: Vec<NodeId> = (0..self.nodes.len())
            .filter(|&id| self.nodes[id].class == Class::Use && self.nodes[id].name.is_some())
            .collect();
        let globs: Vec<(ModId, NodeId)> = (0..self.modules.len())
            .flat_map(|m| self.modules[m].globs.iter().map(move |&g| (m, g)))
            .collect();
        let mut externals_marked = false;
        for pass in 0.. {
            let mut found = self.settle_pass(&leaves, &globs, pass);
            if found.leaves.is_empty() && found.names.is_empty() {
                if externals_marked {
                    break;
                }
                // What is still unresolved names something outside the crate (`pub use
                // core::ffi::c_int;`): the leaf itself stands for it, so that globs carry it on.
                externals_marked = true;
                found.leaves = leaves
                    .iter()
                    .filter(|&&leaf| self.leaf_targets[leaf].is_empty())
                    .map(|&leaf| (leaf, Target::Node(leaf)))
                    .collect();
            }
            for (leaf, target) in found.leaves {
                if !self.leaf_targets[leaf].contains(&target) {
                    self.leaf_targets[leaf].push(target);
                }
            }
            for (m, name, target, origin) in found.names {
                if self.glob_wants(m, &name, target, origin) {
                    self.glob_names[m]
                        .entry(name)
                        .or_default()
                        .push((target, origin));
                }
            }
        }
        self.find_outside_globs(&globs);
    }

    /// The globs whose path names nothing in the crate, once imports are settled.
    fn find_outside_globs(&mut self, globs: &[(ModId, NodeId)]) {
        let table: Look = &|m, name, _| self.scope_targets(m, name);
        let outside: Vec<(ModId, NodeId)> = globs
            .iter()
            .copied()
            .filter(|&(_, glob)| {
                let node = &self.nodes[glob];
                self.resolve_with(node.module, &node.use_path, &[], table)
                    .targets
                    .is_empty()
            })
            .collect();
        self.outside_globs = vec![Vec::new(); self.modules.len()];
        for (m, glob) in outside {
            self.outside_globs[m].push(glob);
        }
    }

    /// One pass of `settle_imports`: what the named leaves and the globs newly reach.
    fn settle_pass(&self, leaves: &[NodeId], globs: &[(ModId, NodeId)], pass: usize) -> Settled {
        let table: Look = &|m, name, _| self.scope_targets(m, name);
        let mut found_leaves = Vec::new();
        for &leaf in leaves {
            let node = &self.nodes[leaf];
            for target in self
                .resolve_with(node.module, &node.use_path, &[], table)
                .targets
            {
                if !self.leaf_targets[leaf].contains(&target) {
                    found_leaves.push((leaf, target));
                }
            }
        }
        let mut found_names = Vec::new();
        for &(m, glob) in globs {
            let node = &self.nodes[glob];
            for source in self
                .resolve_with(node.module, &node.use_path, &[], table)
                .targets
            {
                match source {
                    Target::Module(from) if from != m => {
                        let origin = GlobOrigin {
                            glob,
                            from: Some(from),
                            pass,
                        };
                        for name in self.scope_names(from) {
                            for target in self.scope_targets_seen(from, name, Some(m)) {
                                if self.glob_wants(m, name, target, origin) {
                                    found_names.push((m, name.to_string(), target, origin));
                                }
                            }
                        }
                    }
                    Target::Node(id) => {
                        let origin = GlobOrigin {
                            glob,
                            from: None,
                            pass,
                        };
                        for variant in &self.nodes[id].variants {
                            if self.glob_wants(m, variant, source, origin) {
                                found_names.push((m, variant.clone(), source, origin));
                            }
                        }
                    }
                    Target::Module(_) => {}
                }
            }
        }
        Settled {
            leaves: found_leaves,
            names: found_names,
        }
    }

    /// Whether `origin` is to be recorded for `target` under `name` in module `m`: the first
    /// origin, and more while every recorded one is under an open cfg (each configuration has
    /// its own first glob: libc's Android and Linux branches both `pub use linux::types::*`).
    fn glob_wants(&self, m: ModId, name: &str, target: Target, origin: GlobOrigin) -> bool {
        let Some(entry) = self.glob_names[m].get(name) else {
            return true;
        };
        entry
            .iter()
            .filter(|&&(t, _)| t == target)
            .all(|&(_, known)| {
                (known.glob, known.from) != (origin.glob, origin.from) && self.may_lack(known)
            })
    }

    /// Whether an origin may not exist under the judge's cfgs: its glob, or the module it
    /// found the name in (or one around that), is under an open cfg (libc's several
    /// `prelude` modules, one per platform).
    fn may_lack(&self, origin: GlobOrigin) -> bool {
        if self.nodes[origin.glob].conditional {
            return true;
        }
        let mut module = origin.from;
        while let Some(m) = module {
            if self.modules[m]
                .node
                .is_some_and(|node| self.nodes[node].conditional)
            {
                return true;
            }
            module = self.modules[m].parent;
        }
        false
    }

    /// Every name a module shows: definitions, imports, glob-imported names (each once).
    fn scope_names(&self, m: ModId) -> Vec<&str> {
        let module = &self.modules[m];
        let mut names: Vec<&str> = module.defs.keys().map(String::as_str).collect();
        names.extend(
            module
                .uses
                .keys()
                .filter(|name| !module.defs.contains_key(*name))
                .map(String::as_str),
        );
        names.extend(
            self.glob_names[m]
                .keys()
                .filter(|name| !module.defs.contains_key(*name) && !module.uses.contains_key(*name))
                .map(String::as_str),
        );
        names
    }

    /// The traits module `m` shows to a glob import in module `viewer`: its own, and those
    /// its imports and glob imports bring in (tap's `prelude`, only `pub use crate::tap::*;`).
    pub(super) fn traits_shown(&self, m: ModId, viewer: ModId) -> Vec<NodeId> {
        let mut traits: Vec<NodeId> = self
            .scope_names(m)
            .into_iter()
            .flat_map(|name| self.scope_targets_seen(m, name, Some(viewer)))
            .filter_map(|target| match target {
                Target::Node(id) if self.nodes[id].class == Class::Trait => Some(id),
                _ => None,
            })
            .collect();
        traits.sort();
        traits.dedup();
        traits
    }

    /// The namespaces a target lives in (bits: types and modules, values, macros); an item
    /// outside the crate or of an unknown kind, all of them.
    fn namespaces(&self, target: Target) -> u8 {
        const TYPES: u8 = 1;
        const VALUES: u8 = 2;
        const MACROS: u8 = 4;
        match target {
            Target::Module(_) => TYPES,
            Target::Node(id) => match self.nodes[id].class {
                Class::Type | Class::Alias | Class::Trait | Class::Module => TYPES,
                Class::Fn | Class::Value => VALUES,
                Class::MacroRules => MACROS,
                _ => TYPES | VALUES | MACROS,
            },
        }
    }

    /// The namespaces in which a definition or a resolved import of `name` in module `m` hides
    /// what glob imports bring in (rustc keeps module `coalesce` and a glob's function
    /// `coalesce` apart: itertools). One under a cfg left open hides nothing: where it is
    /// configured out, the glob's name shows (libc's `use bionic_libc::kernel_uapi::linux`
    /// for Android beside `use linux_uapi::*`).
    fn hidden_namespaces(&self, m: ModId, name: &str) -> u8 {
        let module = &self.modules[m];
        let mut hidden = 0;
        for &id in module.defs.get(name).into_iter().flatten() {
            if !self.nodes[id].conditional {
                hidden |= self.namespaces(match self.nodes[id].child_module {
                    Some(child) => Target::Module(child),
                    None => Target::Node(id),
                });
            }
        }
        for &leaf in module.uses.get(name).into_iter().flatten() {
            if !self.nodes[leaf].conditional {
                for &target in &self.leaf_targets[leaf] {
                    hidden |= self.namespaces(target);
                }
            }
        }
        hidden
    }

    /// Whether a glob's `target` under `name` shows in module `m` (see `hidden_namespaces`);
    /// an enum's variants live in two namespaces.
    fn glob_shows(&self, m: ModId, name: &str, target: Target, origin: GlobOrigin) -> bool {
        let all = if origin.from.is_none() {
            7
        } else {
            self.namespaces(target)
        };
        all & !self.hidden_namespaces(m, name) != 0
    }

    /// What `name` names in module `m` by the tables: its definitions and imports, and what
    /// glob imports bring in unless those hide them.
    fn scope_targets(&self, m: ModId, name: &str) -> Vec<Target> {
        self.scope_targets_seen(m, name, None)
    }

    /// `scope_targets`, as a glob import in module `viewer` sees them: a private item or import
    /// only from inside module `m`.
    fn scope_targets_seen(&self, m: ModId, name: &str, viewer: Option<ModId>) -> Vec<Target> {
        let inside = viewer.is_none_or(|viewer| self.is_within(viewer, m));
        let seen = |node: NodeId| inside || self.nodes[node].public;
        let module = &self.modules[m];
        let mut out = Vec::new();
        for &id in module.defs.get(name).into_iter().flatten() {
            if seen(id) {
                out.push(match self.nodes[id].child_module {
                    Some(child) => Target::Module(child),
                    None => Target::Node(id),
                });
            }
        }
        for &leaf in module.uses.get(name).into_iter().flatten() {
            if seen(leaf) {
                out.extend(self.leaf_targets[leaf].iter().copied());
            }
        }
        if let Some(entry) = self.glob_names[m].get(name) {
            out.extend(
                entry
                    .iter()
                    .filter(|&&(target, origin)| {
                        seen(origin.glob) && self.glob_shows(m, name, target, origin)
                    })
                    .map(|&(target, _)| target),
            );
        }
        out.sort();
        out.dedup();
        out
    }

    /// Whether module `m` is `ancestor` or inside it.
    pub(super) fn is_within(&self, mut m: ModId, ancestor: ModId) -> bool {
        loop {
            if m == ancestor {
                return true;
            }
            match self.modules[m].parent {
                Some(parent) => m = parent,
                None => return false,
            }
        }
    }

    /// Targets of `name` looked up in module `m`, and into `uses` the `use` leaves it goes
    /// through: its own imports, and unless they hide them the globs that brought each target
    /// in (see `glob_wants`), and on back along each glob's source.
    pub(super) fn lookup(&self, m: ModId, name: &str, uses: &mut Vec<NodeId>) -> Vec<Target> {
        self.lookup_before(m, name, usize::MAX, uses)
    }

    /// `lookup`, following only glob origins found before pass `bound`.
    fn lookup_before(
        &self,
        m: ModId,
        name: &str,
        bound: usize,
        uses: &mut Vec<NodeId>,
    ) -> Vec<Target> {
        let key = (m, name.to_string(), bound);
        if let Some((targets, via)) = self.memo.borrow().get(&key) {
            uses.extend(via.iter().copied());
            return targets.clone();
        }
        if !self.active.borrow_mut().insert(key.clone()) {
            return Vec::new();
        }
        let mut via = Vec::new();
        for &leaf in self.modules[m].uses.get(name).into_iter().flatten() {
            let node = &self.nodes[leaf];
            via.push(leaf);
            via.extend(self.resolve(node.module, &node.use_path, &[]).uses);
        }
        for &(target, origin) in self.glob_names[m].get(name).into_iter().flatten() {
            if origin.pass >= bound || !self.glob_shows(m, name, target, origin) {
                continue;
            }
            let node = &self.nodes[origin.glob];
            via.push(origin.glob);
            via.extend(self.resolve(node.module, &node.use_path, &[]).uses);
            if let Some(from) = origin.from {
                self.lookup_before(from, name, origin.pass, &mut via);
            }
        }
        via.sort_unstable();
        via.dedup();
        self.active.borrow_mut().remove(&key);
        let targets = self.scope_targets(m, name);
        uses.extend(via.iter().copied());
        self.memo.borrow_mut().insert(key, (targets.clone(), via));
        targets
    }

    pub(super) fn is_type(&self, id: NodeId) -> bool {
        matches!(
            self.nodes[id].class,
            Class::Type | Class::Alias | Class::Trait
        )
    }

    /// Targets without the `use` leaves that stand for something outside the crate: those go
    /// to `uses`, and the path is then outside the crate, as if imported directly.
    fn outside(&self, targets: Vec<Target>, uses: &mut Vec<NodeId>) -> Vec<Target> {
        targets
            .into_iter()
            .filter(|&target| match target {
                Target::Node(id) if self.nodes[id].class == Class::Use => {
                    uses.push(id);
                    false
                }
                _ => true,
            })
            .collect()
    }

    /// Resolves a path written in module `module`.
    pub(super) fn resolve(
        &self,
        module: ModId,
        segments: &[String],
        self_types: &[NodeId],
    ) -> Resolution {
        self.resolve_with(module, segments, self_types, &|m, name, uses| {
            self.lookup(m, name, uses)
        })
    }

    /// Resolves a path, looking names up with `look`.
    fn resolve_with(
        &self,
        module: ModId,
        segments: &[String],
        self_types: &[NodeId],
        look: Look,
    ) -> Resolution {
        let mut res = Resolution::default();
        let Some(first) = segments.first() else {
            return res;
        };
        let mut current: Vec<Target> = match first.as_str() {
            "crate" => vec![Target::Module(0)],
            "self" => vec![Target::Module(module)],
            "super" => self.modules[module]
                .parent
                .map(Target::Module)
                .into_iter()
                .collect(),
            "Self" => self_types.iter().map(|&id| Target::Node(id)).collect(),
            _ => self.outside(look(module, first, &mut res.uses), &mut res.uses),
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
                        _ => next
                            .extend(self.outside(look(m, segment, &mut res.uses), &mut res.uses)),
                    }
                }
            }
            if next.is_empty() {
                // `core_reexport::mem::transmute` (zerocopy's `pub mod core_reexport { pub use
                // core::*; }`): the rest is outside the crate, through that module's glob.
                let outside: Vec<NodeId> = current
                    .iter()
                    .filter_map(|target| match *target {
                        Target::Module(m) => self.outside_globs.get(m),
                        Target::Node(_) => None,
                    })
                    .flatten()
                    .copied()
                    .collect();
                if outside.is_empty() {
                    res.fallback = segments.last().cloned();
                } else {
                    res.uses.extend(outside);
                }
                return res;
            }
            current = next;
        }
        res.targets = current;
        res
    }

    /// The local types an impl block is for.
    pub(super) fn self_types(&self, impl_id: NodeId) -> Vec<NodeId> {
        self.self_types_through_aliases(impl_id).0
    }

    /// The local types an impl block is for, through the type aliases its self type names
    /// (nalgebra's `impl SquareMatrix<T, D, S>` is for `Matrix`), and those aliases. An alias
    /// of nothing local stands for itself.
    fn self_types_through_aliases(&self, impl_id: NodeId) -> (Vec<NodeId>, Vec<NodeId>) {
        let node = &self.nodes[impl_id];
        let (mut types, mut aliases) = (Vec::new(), Vec::new());
        for path in &node.self_paths {
            for target in self.resolve(node.module, path, &[]).targets {
                let Target::Node(id) = target else { continue };
                if !self.is_type(id) {
                    continue;
                }
                let named = self.aliased_types(id, 8);
                if named.is_empty() || named == [id] {
                    types.push(id);
                } else {
                    types.extend(named);
                    aliases.push(id);
                }
            }
        }
        types.sort_unstable();
        types.dedup();
        (types, aliases)
    }

    /// The local types a type alias names, following aliases of aliases up to `depth`; any
    /// other type, itself.
    fn aliased_types(&self, id: NodeId, depth: usize) -> Vec<NodeId> {
        let node = &self.nodes[id];
        if node.class != Class::Alias {
            return vec![id];
        }
        if depth == 0 {
            return Vec::new();
        }
        let mut out = Vec::new();
        for path in &node.self_paths {
            for target in self.resolve(node.module, path, &[]).targets {
                if let Target::Node(next) = target {
                    if self.is_type(next) && next != id {
                        out.extend(self.aliased_types(next, depth - 1));
                    }
                }
            }
        }
        out
    }

    /// The local trait an impl block implements, if any.
    pub(super) fn impl_trait(&self, impl_id: NodeId) -> Option<NodeId> {
        let node = &self.nodes[impl_id];
        let path = node.trait_path.as_ref()?;
        self.resolve(node.module, path, &[])
            .targets
            .into_iter()
            .find_map(|t| match t {
                Target::Node(id) if self.nodes[id].class == Class::Trait => Some(id),
                _ => None,
            })
    }

    /// Every local type or trait named in an impl block's header; an alias the self type names
    /// counts as the types it names (it is kept with the block).
    pub(super) fn header_refs(&self, impl_id: NodeId) -> Vec<NodeId> {
        let node = &self.nodes[impl_id];
        let (mut out, aliases) = self.self_types_through_aliases(impl_id);
        // The marker types only a crate's own trait's arguments name (partial_ref's
        // `impl PluckMut<'a, P, IndexNext<I>> for Mut<..>`) are kept with the impl.
        let own_trait = self.impl_trait(impl_id).is_some();
        for path in &node.header.paths {
            if own_trait && node.trait_args.contains(path) {
                continue;
            }
            let res = self.resolve(node.module, path, &[]);
            for target in res.targets {
                if let Target::Node(id) = target {
                    if self.is_type(id) && !aliases.contains(&id) {
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
