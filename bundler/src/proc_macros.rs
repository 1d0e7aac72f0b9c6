//! Expanding proc macros: a proc-macro crate cannot travel in one file, so every call of its
//! macros is replaced by what the macro writes, run by [`crate::macro_server`] on the library
//! Cargo built. Derives add their items after the type (whose helper attributes then go),
//! attribute macros replace the item they sit on, and function-like macros their call, in item,
//! statement and expression position. The imports that name the proc-macro crate go too.
//!
//! A call is recognised by its name among the macros the crate can reach: those of its own
//! proc-macro dependencies and those its direct dependencies re-export (proconio's `fastout`
//! from proconio-derive). A bare name that is also a built-in attribute or derive, a standard
//! macro or a `macro_rules!` the crate sees stays what it is.

use crate::deps::ProcMacroCrate;
use crate::error::{Error, Result};
use crate::macro_server::{MacroKind, Server};
use proc_macro2::{Delimiter, Group, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Expr, ImplItem, Item, Meta, Stmt, TraitItem, UseTree};

/// Expansions in one crate, at most (a macro that keeps calling itself is refused).
const MAX_EXPANSIONS: usize = 10_000;

/// Attributes rustc knows by a bare name: never taken for a proc macro of the same name.
const BUILTIN_ATTRIBUTES: &[&str] = &[
    "allow",
    "automatically_derived",
    "cfg",
    "cfg_attr",
    "cold",
    "collapse_debuginfo",
    "comment",
    "debugger_visualizer",
    "deny",
    "deprecated",
    "derive",
    "doc",
    "expect",
    "export_name",
    "forbid",
    "global_allocator",
    "ignore",
    "inline",
    "instruction_set",
    "link",
    "link_name",
    "link_section",
    "macro_export",
    "macro_use",
    "must_use",
    "no_mangle",
    "no_link",
    "non_exhaustive",
    "path",
    "repr",
    "should_panic",
    "target_feature",
    "test",
    "track_caller",
    "used",
    "warn",
];

/// Derives the standard library provides.
const BUILTIN_DERIVES: &[&str] = &[
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "Eq",
    "Hash",
    "Ord",
    "PartialEq",
    "PartialOrd",
];

/// Macros of the standard prelude besides those whose arguments are expressions
/// ([`crate::paths::STD_MACROS`]).
const STD_OTHER_MACROS: &[&str] = &[
    "cfg",
    "column",
    "compile_error",
    "concat",
    "env",
    "file",
    "include",
    "include_bytes",
    "include_str",
    "line",
    "module_path",
    "option_env",
    "stringify",
];

/// One proc macro a crate can call.
#[derive(Debug, Clone)]
pub struct MacroDef {
    pub name: String,
    pub kind: MacroKind,
    /// The built library that defines it.
    pub dylib: PathBuf,
    /// The proc-macro crate's name, and the names a path to it may start with (the crate's own
    /// name for it, or the dependency that re-exports it).
    pub crate_name: String,
    pub reached_as: BTreeSet<String>,
    /// A derive's helper attributes (`#[derive_readable]` has none, `#[derive(Fail)]` `fail`).
    pub helpers: Vec<String>,
}

/// What one crate's code can call, and how Cargo would run its macros.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// The crate, for messages.
    pub crate_name: String,
    pub macros: Vec<MacroDef>,
    /// Names under which the crate reaches proc-macro crates directly (its `use` of them goes).
    pub proc_crates: BTreeSet<String>,
    /// Names a dependency that re-exports proc macros is reached as, with the macro names it
    /// re-exports and does not also define as an item (`use proconio::fastout;` goes).
    pub facades: BTreeMap<String, BTreeSet<String>>,
    /// `macro_rules!` names the crate sees (its own and its dependencies' exported ones).
    pub macro_rules: BTreeSet<String>,
    /// The environment Cargo gives the macros (`CARGO_MANIFEST_DIR`, ...) and their folder.
    pub env: Vec<(String, String)>,
    pub dir: PathBuf,
}

/// Runs proc macros for a bundle; the server starts with the first call.
#[derive(Default)]
pub struct Expander {
    server: Option<Server>,
    /// Macros each library defines.
    listed: BTreeMap<PathBuf, Vec<(String, MacroKind)>>,
}

impl Expander {
    fn server(&mut self) -> Result<&mut Server> {
        if self.server.is_none() {
            self.server = Some(Server::start()?);
        }
        Ok(self.server.as_mut().expect("started above"))
    }

    /// The macros the library at `dylib` defines.
    pub fn list(&mut self, dylib: &Path) -> Result<Vec<(String, MacroKind)>> {
        if let Some(found) = self.listed.get(dylib) {
            return Ok(found.clone());
        }
        let found = self.server()?.list(dylib)?;
        self.listed.insert(dylib.to_path_buf(), found.clone());
        Ok(found)
    }

    /// Expands every proc-macro call in `items` (a crate's whole tree) and drops the imports of
    /// proc-macro crates; the number of calls expanded.
    pub fn expand_crate(&mut self, items: &mut Vec<Item>, scope: &Scope) -> Result<usize> {
        if scope.macros.is_empty() && scope.proc_crates.is_empty() {
            return Ok(0);
        }
        let mut walk = Walk::new(self, scope);
        walk.rules = walk.rules_calling_proc_macros(items);
        walk.items(items);
        if let Some(error) = walk.error {
            return Err(error);
        }
        let expanded = walk.expanded;
        drop_proc_imports(items, scope);
        Ok(expanded)
    }
}

/// The helper attributes of each derive a proc-macro crate defines, read from its sources
/// (`#[proc_macro_derive(Name, attributes(helper, ..))]`).
pub fn derive_helpers(lib_path: &Path) -> BTreeMap<String, Vec<String>> {
    let mut helpers = BTreeMap::new();
    let Some(dir) = lib_path.parent() else {
        return helpers;
    };
    for entry in walkdir::WalkDir::new(dir).into_iter().flatten() {
        if entry.path().extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        let Ok(file) = syn::parse_file(&text) else {
            continue;
        };
        let mut finder = HelperFinder(&mut helpers);
        finder.visit_file_mut(&mut file.clone());
    }
    helpers
}

struct HelperFinder<'a>(&'a mut BTreeMap<String, Vec<String>>);

impl VisitMut for HelperFinder<'_> {
    fn visit_attribute_mut(&mut self, attr: &mut Attribute) {
        if !attr.path().is_ident("proc_macro_derive") {
            return;
        }
        let Ok(args) = attr.parse_args_with(Punctuated::<Meta, syn::Token![,]>::parse_terminated)
        else {
            return;
        };
        let mut args = args.into_iter();
        let Some(name) = args
            .next()
            .and_then(|m| m.path().get_ident().map(|i| i.to_string()))
        else {
            return;
        };
        let mut found = Vec::new();
        for arg in args {
            if let Meta::List(list) = arg {
                if list.path.is_ident("attributes") {
                    let names = list
                        .parse_args_with(Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated)
                        .map(|names| names.into_iter().map(|n| n.to_string()).collect::<Vec<_>>())
                        .unwrap_or_default();
                    found.extend(names);
                }
            }
        }
        self.0.insert(name, found);
    }
}

/// What a macro writes: a run of items (or impl or trait items) up to the end.
struct Many<T>(Vec<T>);

impl<T: Parse> Parse for Many<T> {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut items = Vec::new();
        while !input.is_empty() {
            items.push(input.parse()?);
        }
        Ok(Many(items))
    }
}

struct Stmts(Vec<Stmt>);

impl Parse for Stmts {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        syn::Block::parse_within(input).map(Stmts)
    }
}

fn impl_item_attrs(item: &mut ImplItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        ImplItem::Const(i) => &mut i.attrs,
        ImplItem::Fn(i) => &mut i.attrs,
        ImplItem::Type(i) => &mut i.attrs,
        ImplItem::Macro(i) => &mut i.attrs,
        _ => return None,
    })
}

fn trait_item_attrs(item: &mut TraitItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        TraitItem::Const(i) => &mut i.attrs,
        TraitItem::Fn(i) => &mut i.attrs,
        TraitItem::Type(i) => &mut i.attrs,
        TraitItem::Macro(i) => &mut i.attrs,
        _ => return None,
    })
}

/// The path's segments as text, without a leading `::`.
/// The name a call of one of the crate's own `macro_rules!` macros goes by (`name!`,
/// `crate::name!`).
fn rule_name(path: &syn::Path) -> Option<String> {
    if path.leading_colon.is_some() {
        return None;
    }
    match segments(path).as_slice() {
        [name] => Some(name.clone()),
        [first, name] if first == "crate" => Some(name.clone()),
        _ => None,
    }
}

fn segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

/// The expansion of one kind of node: what the walk does with a call's output.
trait Node: ToTokens + Sized {
    fn attrs(&mut self) -> Option<&mut Vec<Attribute>>;
    fn parse_many(tokens: TokenStream) -> syn::Result<Vec<Self>>;
    /// A function-like call standing as this node: its path and tokens.
    fn bang(&self) -> Option<(&syn::Path, &TokenStream)>;
    fn visit(&mut self, visitor: &mut impl VisitMut);
}

impl Node for Item {
    fn visit(&mut self, visitor: &mut impl VisitMut) {
        visitor.visit_item_mut(self);
    }
    fn attrs(&mut self) -> Option<&mut Vec<Attribute>> {
        crate::cfg::item_attrs_mut(self)
    }
    fn parse_many(tokens: TokenStream) -> syn::Result<Vec<Self>> {
        syn::parse2::<Many<Self>>(tokens).map(|items| items.0)
    }
    fn bang(&self) -> Option<(&syn::Path, &TokenStream)> {
        match self {
            Item::Macro(mac) if mac.ident.is_none() => Some((&mac.mac.path, &mac.mac.tokens)),
            _ => None,
        }
    }
}

impl Node for ImplItem {
    fn visit(&mut self, visitor: &mut impl VisitMut) {
        visitor.visit_impl_item_mut(self);
    }
    fn attrs(&mut self) -> Option<&mut Vec<Attribute>> {
        impl_item_attrs(self)
    }
    fn parse_many(tokens: TokenStream) -> syn::Result<Vec<Self>> {
        syn::parse2::<Many<Self>>(tokens).map(|items| items.0)
    }
    fn bang(&self) -> Option<(&syn::Path, &TokenStream)> {
        match self {
            ImplItem::Macro(mac) => Some((&mac.mac.path, &mac.mac.tokens)),
            _ => None,
        }
    }
}

impl Node for TraitItem {
    fn visit(&mut self, visitor: &mut impl VisitMut) {
        visitor.visit_trait_item_mut(self);
    }
    fn attrs(&mut self) -> Option<&mut Vec<Attribute>> {
        trait_item_attrs(self)
    }
    fn parse_many(tokens: TokenStream) -> syn::Result<Vec<Self>> {
        syn::parse2::<Many<Self>>(tokens).map(|items| items.0)
    }
    fn bang(&self) -> Option<(&syn::Path, &TokenStream)> {
        match self {
            TraitItem::Macro(mac) => Some((&mac.mac.path, &mac.mac.tokens)),
            _ => None,
        }
    }
}

struct Walk<'a> {
    expander: &'a mut Expander,
    scope: &'a Scope,
    /// The crate's own `macro_rules!` macros whose bodies call proc macros, by name: their
    /// calls are written out here, since a proc macro cannot run on a body's metavariables
    /// and no proc macro is left for rustc to run (simba's `paste::item!` inside
    /// `complex_trait_methods!`).
    rules: BTreeMap<String, TokenStream>,
    expanded: usize,
    error: Option<Error>,
}

/// What a function-like call runs, when the bundler runs it.
enum Callee {
    Proc(MacroDef),
    /// One of [`Walk::rules`].
    Rules(String),
}

impl Callee {
    fn describe(&self) -> String {
        match self {
            Callee::Proc(def) => describe(def),
            Callee::Rules(name) => {
                format!("`{name}!`, written out to run the proc macros it calls,")
            }
        }
    }
}

fn describe(def: &MacroDef) -> String {
    format!("proc macro `{}` of {}", def.name, def.crate_name)
}

impl<'a> Walk<'a> {
    fn new(expander: &'a mut Expander, scope: &'a Scope) -> Self {
        Walk {
            expander,
            scope,
            rules: BTreeMap::new(),
            expanded: 0,
            error: None,
        }
    }

    /// The proc macro a path of this kind calls, if it is one.
    fn resolve(&mut self, path: &syn::Path, kind: MacroKind) -> Option<MacroDef> {
        let names = segments(path);
        let name = names.last()?;
        if names.len() == 1 && path.leading_colon.is_none() {
            let builtin = match kind {
                MacroKind::Attr => BUILTIN_ATTRIBUTES.contains(&name.as_str()),
                MacroKind::Derive => BUILTIN_DERIVES.contains(&name.as_str()),
                MacroKind::Bang => {
                    STD_OTHER_MACROS.contains(&name.as_str())
                        || crate::paths::STD_MACROS.contains(&name.as_str())
                        || self.scope.macro_rules.contains(name)
                }
            };
            if builtin {
                return None;
            }
        }
        let mut found: Vec<&MacroDef> = self
            .scope
            .macros
            .iter()
            .filter(|m| &m.name == name && m.kind == kind)
            .collect();
        if names.len() > 1 {
            found.retain(|m| m.reached_as.contains(&names[0]));
        }
        found.dedup_by(|a, b| a.dylib == b.dylib);
        match found.as_slice() {
            [] => None,
            [one] => Some((*one).clone()),
            several => {
                let crates: Vec<&str> = several.iter().map(|m| m.crate_name.as_str()).collect();
                self.fail(Error::new(format!(
                    "crate `{}`: proc macro `{name}` could be that of {}; name it by its path",
                    self.scope.crate_name,
                    crates.join(" or ")
                )));
                None
            }
        }
    }

    fn fail(&mut self, error: Error) {
        self.error.get_or_insert(error);
    }

    /// Counts one more expansion; false after an error, or when there are too many.
    fn count_expansion(&mut self) -> bool {
        if self.error.is_some() {
            return false;
        }
        self.expanded += 1;
        if self.expanded > MAX_EXPANSIONS {
            self.fail(Error::new(format!(
                "crate `{}`: more than {MAX_EXPANSIONS} macro expansions; a macro may keep calling itself",
                self.scope.crate_name
            )));
            return false;
        }
        true
    }

    /// The crate's `macro_rules!` macros whose bodies call a proc macro, directly or through
    /// another of them (see [`Walk::rules`]). A name defined twice with different bodies is
    /// left to rustc.
    fn rules_calling_proc_macros(&mut self, items: &[Item]) -> BTreeMap<String, TokenStream> {
        fn definitions(items: &[Item], out: &mut BTreeMap<String, Option<TokenStream>>) {
            for item in items {
                match item {
                    Item::Macro(mac) if mac.mac.path.is_ident("macro_rules") => {
                        let Some(name) = &mac.ident else { continue };
                        let body = mac.mac.tokens.clone();
                        out.entry(name.to_string())
                            .and_modify(|seen| {
                                if seen.as_ref().map(|b| b.to_string()) != Some(body.to_string()) {
                                    *seen = None;
                                }
                            })
                            .or_insert(Some(body));
                    }
                    Item::Mod(module) => {
                        if let Some((_, children)) = &module.content {
                            definitions(children, out);
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut all = BTreeMap::new();
        definitions(items, &mut all);
        let all: BTreeMap<String, TokenStream> = all
            .into_iter()
            .filter_map(|(name, body)| Some((name, body?)))
            .collect();
        let saved = self.error.take();
        let mut rules = BTreeMap::new();
        loop {
            let before = rules.len();
            for (name, body) in &all {
                if !rules.contains_key(name) && self.calls_proc_macro(body.clone(), &rules) {
                    rules.insert(name.clone(), body.clone());
                }
            }
            if rules.len() == before {
                break;
            }
        }
        self.error = saved;
        rules
    }

    /// Whether `tokens` call a proc macro, or one of `rules`.
    fn calls_proc_macro(
        &mut self,
        tokens: TokenStream,
        rules: &BTreeMap<String, TokenStream>,
    ) -> bool {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        trees.iter().enumerate().any(|(at, tree)| match tree {
            TokenTree::Group(group) => self.calls_proc_macro(group.stream(), rules),
            TokenTree::Punct(bang) if bang.as_char() == '!' && bang.spacing() == Spacing::Alone => {
                matches!(trees.get(at + 1), Some(TokenTree::Group(_)))
                    && self.path_before(&trees[..at]).is_some_and(|(_, path)| {
                        self.resolve(&path, MacroKind::Bang).is_some()
                            || rule_name(&path).is_some_and(|name| rules.contains_key(&name))
                    })
            }
            _ => false,
        })
    }

    /// What a function-like call of `path` with `tokens` writes, when the bundler runs it: a
    /// proc macro, or one of [`Walk::rules`] whose call one of its arms matches as
    /// [`crate::macro_rules`] reads them (any other call is left to rustc). `None` also after
    /// an error (recorded).
    fn expand_call(
        &mut self,
        path: &syn::Path,
        tokens: &TokenStream,
    ) -> Option<(Callee, TokenStream)> {
        if let Some(def) = self.resolve(path, MacroKind::Bang) {
            let output = self.run(&def, tokens, None)?;
            return Some((Callee::Proc(def), output));
        }
        let name = rule_name(path)?;
        let definition = self.rules.get(&name)?.clone();
        let written = crate::macro_rules::expand(definition, tokens.clone())?;
        self.count_expansion()
            .then_some((Callee::Rules(name), written))
    }

    /// Runs one macro; `None` after an error (recorded).
    fn run(
        &mut self,
        def: &MacroDef,
        body: &TokenStream,
        attr: Option<&TokenStream>,
    ) -> Option<TokenStream> {
        if !self.count_expansion() {
            return None;
        }
        let scope = self.scope;
        let result = self.expander.server().and_then(|server| {
            server.expand(&def.dylib, &def.name, body, attr, &scope.env, &scope.dir)
        });
        match result {
            Ok(tokens) => Some(tokens),
            Err(err) => {
                self.fail(Error::new(format!(
                    "crate `{}`, `{}` of {}: {err}",
                    scope.crate_name, def.name, def.crate_name
                )));
                None
            }
        }
    }

    /// `parsed`, or `None` with the error recorded against the macro `who` describes.
    fn parsed<T>(&mut self, who: &str, parsed: syn::Result<T>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(err) => {
                self.fail(Error::new(format!(
                    "crate `{}`: {who} wrote code that cannot be parsed: {err}",
                    self.scope.crate_name
                )));
                None
            }
        }
    }

    /// What replaces `node`: the expansion of its first proc-macro attribute, of its proc
    /// derives (the node first, helper attributes removed), or of the call it is.
    fn expand_node<T: Node>(&mut self, node: &mut T) -> Option<Vec<T>> {
        if let Some((path, tokens)) = node.bang() {
            let (path, tokens) = (path.clone(), tokens.clone());
            let (callee, output) = self.expand_call(&path, &tokens)?;
            let nodes = self.parsed(&callee.describe(), T::parse_many(output))?;
            return Some(match callee {
                Callee::Proc(_) => generated(nodes),
                Callee::Rules(_) => nodes,
            });
        }
        let attrs = node.attrs()?.clone();
        for (index, attr) in attrs.iter().enumerate() {
            let Some(def) = self.resolve(attr.path(), MacroKind::Attr) else {
                continue;
            };
            let args = match &attr.meta {
                Meta::List(list) => list.tokens.clone(),
                _ => TokenStream::new(),
            };
            node.attrs()?.remove(index);
            let body = node.to_token_stream();
            let output = self.run(&def, &body, Some(&args))?;
            return self
                .parsed(&describe(&def), T::parse_many(output))
                .map(generated);
        }
        self.expand_derives(node)
    }

    fn expand_derives<T: Node>(&mut self, node: &mut T) -> Option<Vec<T>> {
        let mut derives: Vec<MacroDef> = Vec::new();
        let attrs = node.attrs()?;
        for attr in attrs.iter_mut() {
            if !attr.path().is_ident("derive") {
                continue;
            }
            let Ok(paths) =
                attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
            else {
                continue;
            };
            let mut kept: Punctuated<syn::Path, syn::Token![,]> = Punctuated::new();
            for path in paths {
                match self.resolve(&path, MacroKind::Derive) {
                    Some(def) => derives.push(def),
                    None => kept.push(path),
                }
            }
            if !derives.is_empty() {
                *attr = syn::parse_quote!(#[derive(#kept)]);
            }
        }
        if derives.is_empty() {
            return None;
        }
        let attrs = node.attrs()?;
        attrs.retain(|a| !(a.path().is_ident("derive") && derive_is_empty(a)));
        // The derives see the item without its derive attributes and comments.
        let mut input = node.to_token_stream();
        if let Ok(mut item) = syn::parse2::<Item>(input.clone()) {
            if let Some(attrs) = crate::cfg::item_attrs_mut(&mut item) {
                attrs.retain(|a| !a.path().is_ident("derive") && !a.path().is_ident("comment"));
            }
            StripAttrs {
                names: &["comment"],
                unknown: false,
            }
            .visit_item_mut(&mut item);
            input = item.to_token_stream();
        }
        let mut output = Vec::new();
        for def in &derives {
            let tokens = self.run(def, &input, None)?;
            output.extend(self.parsed(&describe(def), T::parse_many(tokens))?);
        }
        // Helper attributes go with their derives: those the macros declare, and any other
        // bare name rustc does not know (synstructure's derives declare theirs in a macro).
        let helpers: Vec<&str> = derives
            .iter()
            .flat_map(|d| d.helpers.iter().map(String::as_str))
            .collect();
        let mut node_tokens = node.to_token_stream();
        if let Ok(mut item) = syn::parse2::<Item>(node_tokens.clone()) {
            let mut strip = StripAttrs {
                names: &helpers,
                unknown: true,
            };
            if let Some(attrs) = crate::cfg::item_attrs_mut(&mut item) {
                attrs.retain(|a| !strip.strips(a));
            }
            strip.visit_item_mut(&mut item);
            node_tokens = item.to_token_stream();
        }
        let node = self.parsed(&describe(&derives[0]), T::parse_many(node_tokens))?;
        Some(node.into_iter().chain(generated(output)).collect())
    }

    /// Expands the calls in a list of nodes, then walks what remains.
    fn list<T: Node>(&mut self, nodes: &mut Vec<T>, mut visit: impl FnMut(&mut Self, &mut T)) {
        let mut index = 0;
        while index < nodes.len() && self.error.is_none() {
            match self.expand_node(&mut nodes[index]) {
                Some(replacement) => {
                    // What a macro wrote is looked at again: it may call more macros.
                    let tail = nodes.split_off(index + 1);
                    nodes.pop();
                    nodes.extend(replacement);
                    nodes.extend(tail);
                }
                None => {
                    visit(self, &mut nodes[index]);
                    index += 1;
                }
            }
        }
    }

    fn items(&mut self, items: &mut Vec<Item>) {
        self.list(items, |walk, item| walk.visit_item_mut(item));
    }
}

/// Marks what a macro wrote (but macro calls): rustc does not lint code that comes out of an
/// external macro, so the bundle does not either.
fn generated<T: Node>(mut nodes: Vec<T>) -> Vec<T> {
    for node in &mut nodes {
        let mut externs = ExternCrates::default();
        node.visit(&mut FindExterns(&mut externs.aliases));
        if !externs.aliases.is_empty() {
            node.visit(&mut externs);
        }
        // rustc ignores lint attributes on a macro call, and says so.
        if node.bang().is_some() {
            continue;
        }
        if let Some(attrs) = node.attrs() {
            attrs.push(syn::parse_quote!(#[allow(unused, nonstandard_style)]));
        }
    }
    nodes
}

/// `extern crate dep as name;` in what a macro wrote (num-derive's `const _: () = { extern
/// crate num_traits as _num_traits; .. }`) goes, and the paths that start with `name` start
/// with `::dep` instead, which the bundle's paths then follow as any other (a module alias
/// would keep the whole dependency). The standard crates stay as they are.
#[derive(Default)]
struct ExternCrates {
    /// Alias to crate.
    aliases: BTreeMap<String, syn::Ident>,
}

fn is_standard_crate(name: &str) -> bool {
    ["std", "core", "alloc", "self", "proc_macro"].contains(&name)
}

/// Finds the aliases.
struct FindExterns<'a>(&'a mut BTreeMap<String, syn::Ident>);

impl VisitMut for FindExterns<'_> {
    fn visit_item_extern_crate_mut(&mut self, krate: &mut syn::ItemExternCrate) {
        if !is_standard_crate(&krate.ident.to_string()) {
            let alias = krate.rename.as_ref().map_or(&krate.ident, |(_, r)| r);
            self.0.insert(alias.to_string(), krate.ident.clone());
        }
    }
}

impl ExternCrates {
    fn removed(&self, item: &Item) -> bool {
        matches!(item, Item::ExternCrate(k) if !is_standard_crate(&k.ident.to_string()))
    }
}

impl VisitMut for ExternCrates {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block
            .stmts
            .retain(|stmt| !matches!(stmt, Stmt::Item(item) if self.removed(item)));
        visit_mut::visit_block_mut(self, block);
    }
    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain(|item| !self.removed(item));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if path.leading_colon.is_none() {
            if let Some(first) = path.segments.first_mut() {
                if let Some(krate) = self.aliases.get(&first.ident.to_string()) {
                    first.ident = krate.clone();
                    path.leading_colon = Some(Default::default());
                }
            }
        }
        visit_mut::visit_path_mut(self, path);
    }
    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        if item.leading_colon.is_none() {
            if let UseTree::Path(path) = &mut item.tree {
                if let Some(krate) = self.aliases.get(&path.ident.to_string()) {
                    path.ident = krate.clone();
                    item.leading_colon = Some(Default::default());
                }
            }
        }
    }
}

/// Whether a `#[derive()]` lists nothing.
fn derive_is_empty(attr: &Attribute) -> bool {
    match &attr.meta {
        Meta::List(list) => list.tokens.is_empty(),
        _ => false,
    }
}

/// Removes attributes from an item's fields and variants: those of `names`, and with
/// `unknown` every bare name that is neither built in nor the standard `Default` derive's
/// helper.
struct StripAttrs<'a> {
    names: &'a [&'a str],
    unknown: bool,
}

impl StripAttrs<'_> {
    fn strips(&self, attr: &Attribute) -> bool {
        let Some(name) = attr.path().get_ident().map(|i| i.to_string()) else {
            return false;
        };
        let known = BUILTIN_ATTRIBUTES.contains(&name.as_str()) || name == "default";
        self.names.contains(&name.as_str()) || (self.unknown && !known)
    }
}

impl VisitMut for StripAttrs<'_> {
    fn visit_field_mut(&mut self, field: &mut syn::Field) {
        field.attrs.retain(|a| !self.strips(a));
        visit_mut::visit_field_mut(self, field);
    }
    fn visit_variant_mut(&mut self, variant: &mut syn::Variant) {
        variant.attrs.retain(|a| !self.strips(a));
        visit_mut::visit_variant_mut(self, variant);
    }
}

impl Walk<'_> {
    /// Expands proc-macro calls inside the tokens of another macro's call (`println!("{}",
    /// squares!(3))`): a call's expansion goes in parentheses when it is a compound expression.
    fn expand_in_tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let mut out: Vec<TokenTree> = Vec::new();
        let mut iter = tokens.into_iter().peekable();
        while let Some(token) = iter.next() {
            let call = match (&token, iter.peek()) {
                (TokenTree::Punct(bang), Some(TokenTree::Group(args)))
                    if bang.as_char() == '!' && bang.spacing() == Spacing::Alone =>
                {
                    let args = args.stream();
                    self.path_before(&out).and_then(|(start, path)| {
                        let (_, output) = self.expand_call(&path, &args)?;
                        Some((start, output))
                    })
                }
                _ => None,
            };
            if self.error.is_some() {
                return TokenStream::new();
            }
            let Some((start, output)) = call else {
                out.push(match token {
                    TokenTree::Group(group) => {
                        let inner = self.expand_in_tokens(group.stream());
                        let mut new = Group::new(group.delimiter(), inner);
                        new.set_span(group.span());
                        TokenTree::Group(new)
                    }
                    other => other,
                });
                continue;
            };
            iter.next();
            out.truncate(start);
            let output = self.expand_in_tokens(output);
            // A call alone between separators (`println!("{}", m!(x), ..)`) needs no
            // parentheses, and rustc would warn about them.
            let separator = |tree: Option<&TokenTree>| {
                tree.is_none_or(
                    |t| matches!(t, TokenTree::Punct(p) if matches!(p.as_char(), ',' | ';')),
                )
            };
            let alone = separator(out.last()) && separator(iter.peek());
            let compound =
                !alone && syn::parse2::<Expr>(output.clone()).is_ok_and(|e| !simple_expr(&e));
            if compound {
                out.push(TokenTree::Group(Group::new(Delimiter::Parenthesis, output)));
            } else {
                out.extend(output);
            }
        }
        out.into_iter().collect()
    }

    /// The path that ends `tokens` (`a::b` before a `!`), and where it starts.
    fn path_before(&self, tokens: &[TokenTree]) -> Option<(usize, syn::Path)> {
        let mut start = tokens.len();
        while let Some(TokenTree::Ident(_)) = tokens.get(start.checked_sub(1)?) {
            start -= 1;
            let colons = start >= 2
                && matches!(&tokens[start - 1], TokenTree::Punct(p) if p.as_char() == ':')
                && matches!(&tokens[start - 2], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Joint);
            if !colons {
                break;
            }
            start -= 2;
        }
        if start == tokens.len() {
            return None;
        }
        let text: TokenStream = tokens[start..].iter().cloned().collect();
        let path = syn::parse2::<syn::Path>(text).ok()?;
        Some((start, path))
    }
}

/// Whether an expression stays one operand wherever it is put.
fn simple_expr(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::Lit(_)
            | Expr::Path(_)
            | Expr::Paren(_)
            | Expr::Block(_)
            | Expr::Call(_)
            | Expr::MethodCall(_)
            | Expr::Macro(_)
            | Expr::Tuple(_)
            | Expr::Array(_)
            | Expr::Struct(_)
    )
}

impl VisitMut for Walk<'_> {
    fn visit_item_macro_mut(&mut self, item: &mut syn::ItemMacro) {
        // A `macro_rules!` body holds metavariables no proc macro can be run on.
        if item.ident.is_none() {
            visit_mut::visit_item_macro_mut(self, item);
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.expand_in_tokens(std::mem::take(&mut mac.tokens));
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            self.items(items);
        }
    }

    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        self.list(&mut item.items, |walk, item| {
            visit_mut::visit_impl_item_mut(walk, item)
        });
    }

    fn visit_item_trait_mut(&mut self, item: &mut syn::ItemTrait) {
        self.list(&mut item.items, |walk, item| {
            visit_mut::visit_trait_item_mut(walk, item)
        });
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let mut index = 0;
        while index < block.stmts.len() && self.error.is_none() {
            let replacement = match &mut block.stmts[index] {
                Stmt::Item(item) => self
                    .expand_node(item)
                    .map(|items| items.into_iter().map(Stmt::Item).collect()),
                Stmt::Macro(mac) => {
                    let (path, tokens) = (mac.mac.path.clone(), mac.mac.tokens.clone());
                    self.expand_call(&path, &tokens)
                        .and_then(|(callee, output)| {
                            self.parsed(&callee.describe(), syn::parse2::<Stmts>(output))
                                .map(|s| s.0)
                        })
                }
                _ => None,
            };
            match replacement {
                Some(stmts) => {
                    let tail = block.stmts.split_off(index + 1);
                    block.stmts.pop();
                    block.stmts.extend(stmts);
                    block.stmts.extend(tail);
                }
                None => {
                    visit_mut::visit_stmt_mut(self, &mut block.stmts[index]);
                    index += 1;
                }
            }
        }
    }

    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        while let Expr::Macro(mac) = expr {
            let (path, tokens) = (mac.mac.path.clone(), mac.mac.tokens.clone());
            let Some((callee, output)) = self.expand_call(&path, &tokens) else {
                break;
            };
            let Some(parsed) = self.parsed(&callee.describe(), syn::parse2::<Expr>(output)) else {
                return;
            };
            // The call was one operand, whatever the expansion's precedence.
            *expr = if simple_expr(&parsed) {
                parsed
            } else {
                syn::parse_quote!((#parsed))
            };
        }
        visit_mut::visit_expr_mut(self, expr);
    }
}

/// Removes `extern crate` and `use` of proc-macro crates, and imports of re-exported proc
/// macros from the dependencies that re-export them.
fn drop_proc_imports(items: &mut Vec<Item>, scope: &Scope) {
    items.retain_mut(|item| match item {
        Item::ExternCrate(krate) => !scope.proc_crates.contains(&krate.ident.to_string()),
        Item::Use(use_item) => prune_tree(&mut use_item.tree, scope, &[]),
        Item::Mod(module) => {
            if let Some((_, children)) = &mut module.content {
                drop_proc_imports(children, scope);
            }
            true
        }
        _ => true,
    });
    for item in items.iter_mut() {
        BlockImports(scope).visit_item_mut(item);
    }
}

/// The same inside function bodies.
struct BlockImports<'a>(&'a Scope);

impl VisitMut for BlockImports<'_> {
    fn visit_item_mod_mut(&mut self, _: &mut syn::ItemMod) {}
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain_mut(|stmt| match stmt {
            Stmt::Item(Item::ExternCrate(krate)) => {
                !self.0.proc_crates.contains(&krate.ident.to_string())
            }
            Stmt::Item(Item::Use(use_item)) => prune_tree(&mut use_item.tree, self.0, &[]),
            _ => true,
        });
        visit_mut::visit_block_mut(self, block);
    }
}

/// Prunes a use tree under the path `prefix`; false when nothing of it is left.
fn prune_tree(tree: &mut UseTree, scope: &Scope, prefix: &[String]) -> bool {
    let first = prefix.first().map(String::as_str);
    let proc_crate = |name: &str| scope.proc_crates.contains(name);
    match tree {
        UseTree::Path(path) => {
            let mut next = prefix.to_vec();
            next.push(path.ident.to_string());
            if prefix.is_empty() && proc_crate(&next[0]) {
                return false;
            }
            prune_tree(&mut path.tree, scope, &next)
        }
        UseTree::Name(name) => !imports_proc_macro(scope, prefix, &name.ident.to_string()),
        UseTree::Rename(rename) => !imports_proc_macro(scope, prefix, &rename.ident.to_string()),
        UseTree::Glob(_) => !first.is_some_and(proc_crate),
        UseTree::Group(group) => {
            let trees = std::mem::take(&mut group.items);
            group.items = trees
                .into_iter()
                .filter_map(|mut t| prune_tree(&mut t, scope, prefix).then_some(t))
                .collect();
            !group.items.is_empty()
        }
    }
}

/// Whether `prefix::leaf` names a proc-macro crate or a proc macro a facade re-exports.
fn imports_proc_macro(scope: &Scope, prefix: &[String], leaf: &str) -> bool {
    let whole_crate = prefix.is_empty() && scope.proc_crates.contains(leaf);
    whole_crate || facade_macro(scope, prefix.first().map(String::as_str), leaf)
}

/// Whether `first::...::leaf` imports a proc macro that dependency `first` re-exports.
fn facade_macro(scope: &Scope, first: Option<&str>, leaf: &str) -> bool {
    first
        .and_then(|first| scope.facades.get(first))
        .is_some_and(|names| names.contains(leaf))
}

/// The names a crate defines at its root or re-exports there from other than `proc_crates`
/// (so that a facade's own trait named like a derive, failure's `Fail`, keeps its imports).
pub fn root_names(items: &[Item], proc_crates: &BTreeSet<String>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in items {
        match item {
            Item::Use(use_item) => collect_use_names(&use_item.tree, proc_crates, true, &mut names),
            Item::Mod(module) => {
                names.insert(module.ident.to_string());
            }
            other => {
                if let Some((ident, _)) = crate::shrink::item_name(other) {
                    names.insert(ident.to_string());
                }
            }
        }
    }
    names
}

fn collect_use_names(
    tree: &UseTree,
    proc_crates: &BTreeSet<String>,
    at_start: bool,
    names: &mut BTreeSet<String>,
) {
    match tree {
        UseTree::Path(path) => {
            if at_start && proc_crates.contains(&path.ident.to_string()) {
                return;
            }
            collect_use_names(&path.tree, proc_crates, false, names);
        }
        UseTree::Name(name) => {
            names.insert(name.ident.to_string());
        }
        UseTree::Rename(rename) => {
            names.insert(rename.rename.to_string());
        }
        UseTree::Glob(_) => {}
        UseTree::Group(group) => {
            for tree in &group.items {
                collect_use_names(tree, proc_crates, at_start, names);
            }
        }
    }
}

impl Expander {
    /// The macros of proc-macro crate `krate`, from the library `cargo check` built.
    pub fn macros_of(
        &mut self,
        krate: &ProcMacroCrate,
        built: &crate::build_scripts::Outputs,
    ) -> Result<Vec<MacroDef>> {
        let dylib = built.proc_macro_libs.get(&krate.id).ok_or_else(|| {
            let why = built
                .failure
                .as_deref()
                .map(|stderr| format!(": {stderr}"))
                .unwrap_or_default();
            Error::new(format!(
                "{}: proc-macro crate `{}` was not built by `cargo check`{why}",
                krate.declared_at, krate.package
            ))
        })?;
        let helpers = derive_helpers(&krate.lib_path);
        let listed = self
            .list(dylib)
            .map_err(|err| Error::new(format!("{}: {err}", krate.declared_at)))?;
        Ok(listed
            .into_iter()
            .map(|(name, kind)| MacroDef {
                helpers: helpers.get(&name).cloned().unwrap_or_default(),
                name,
                kind,
                dylib: dylib.clone(),
                crate_name: krate.crate_name.clone(),
                reached_as: [krate.crate_name.clone()].into_iter().collect(),
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(code: &str) -> Vec<Item> {
        syn::parse_str::<syn::File>(code).expect("parses").items
    }

    fn shown(items: &[Item]) -> String {
        items
            .iter()
            .map(|item| item.to_token_stream().to_string())
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn scope() -> Scope {
        let def = |name: &str, kind| MacroDef {
            name: name.to_string(),
            kind,
            dylib: PathBuf::from("/lib/libderive.so"),
            crate_name: "fancy_derive".to_string(),
            reached_as: ["fancy_derive", "fancy"].map(String::from).into(),
            helpers: Vec::new(),
        };
        Scope {
            crate_name: "user".to_string(),
            macros: vec![
                def("fastout", MacroKind::Attr),
                def("Fail", MacroKind::Derive),
                def("table", MacroKind::Bang),
            ],
            proc_crates: ["fancy_derive".to_string()].into(),
            facades: [("fancy".to_string(), ["fastout".to_string()].into())].into(),
            macro_rules: ["mine".to_string()].into(),
            ..Scope::default()
        }
    }

    #[test]
    fn imports_of_proc_macro_crates_and_re_exported_macros_go() {
        let mut code = items(
            "extern crate fancy_derive; use fancy_derive::*; use fancy::{fastout, Fail, source::Once}; \
             use fancy::fastout as fast; fn f() { use fancy_derive::table; use std::io; }",
        );
        drop_proc_imports(&mut code, &scope());
        assert_eq!(
            shown(&code),
            "use fancy :: { Fail , source :: Once } ; | fn f () { use std :: io ; }"
        );
    }

    #[test]
    fn bare_names_rustc_knows_are_not_taken_for_proc_macros() {
        let scope = scope();
        let mut expander = Expander::default();
        let mut walk = Walk::new(&mut expander, &scope);
        let path = |text: &str| syn::parse_str::<syn::Path>(text).expect("path");
        assert!(walk.resolve(&path("fastout"), MacroKind::Attr).is_some());
        assert!(walk
            .resolve(&path("fancy::fastout"), MacroKind::Attr)
            .is_some());
        assert!(walk
            .resolve(&path("other::fastout"), MacroKind::Attr)
            .is_none());
        assert!(walk.resolve(&path("fastout"), MacroKind::Bang).is_none());
        assert!(walk.resolve(&path("inline"), MacroKind::Attr).is_none());
        assert!(walk.resolve(&path("Debug"), MacroKind::Derive).is_none());
        assert!(walk.resolve(&path("mine"), MacroKind::Bang).is_none());
        let tokens: Vec<TokenTree> = "x + fancy::table"
            .parse::<TokenStream>()
            .unwrap()
            .into_iter()
            .collect();
        let (start, path) = walk.path_before(&tokens).expect("a path");
        let def = walk.resolve(&path, MacroKind::Bang).expect("a call");
        assert_eq!((start, def.name.as_str()), (2, "table"));
        let tokens: Vec<TokenTree> = "if".parse::<TokenStream>().unwrap().into_iter().collect();
        assert!(walk.path_before(&tokens).is_none());
        assert!(walk.error.is_none());
    }

    #[test]
    fn macro_rules_bodies_that_call_proc_macros_are_written_out() {
        let scope = scope();
        let mut expander = Expander::default();
        let mut walk = Walk::new(&mut expander, &scope);
        let code = items(
            "macro_rules! direct { ($n:ident) => { table! { [<$n>] } }; } \
             mod inner { macro_rules! through { ($($t:tt)*) => { direct!($($t)*); }; } } \
             macro_rules! plain { () => { 1 }; } \
             macro_rules! twice { () => { fancy::table!(a) }; } \
             mod other { macro_rules! twice { () => { 2 }; } }",
        );
        walk.rules = walk.rules_calling_proc_macros(&code);
        let names: Vec<&String> = walk.rules.keys().collect();
        assert_eq!(names, ["direct", "through"]);
        let path = |text: &str| syn::parse_str::<syn::Path>(text).expect("path");
        assert!(walk
            .expand_call(&path("unknown"), &TokenStream::new())
            .is_none());
        let (callee, output) = walk
            .expand_call(&path("through"), &"x".parse().unwrap())
            .expect("written out");
        assert!(matches!(callee, Callee::Rules(name) if name == "through"));
        assert_eq!(output.to_string(), "direct ! (x) ;");
        let (_, output) = walk
            .expand_call(&path("crate::direct"), &"x".parse().unwrap())
            .expect("written out");
        assert_eq!(output.to_string().replace(' ', ""), "table!{[<x>]}");
        // No arm matches: the call is left to rustc.
        assert!(walk
            .expand_call(&path("direct"), &"1 2".parse().unwrap())
            .is_none());
        assert!(walk
            .expand_call(&path("plain"), &TokenStream::new())
            .is_none());
        assert!(walk.error.is_none());
    }

    #[test]
    fn macro_output_names_dependencies_by_path_and_is_not_linted() {
        let output = items(
            "const _: () = { extern crate num_traits as _num; extern crate std as _std; \
             impl _num::Zero for X { fn zero() -> Self { _std::default::Default::default() } } };",
        );
        let output = generated(output);
        assert_eq!(
            shown(&output),
            "# [allow (unused , nonstandard_style)] const _ : () = { extern crate std as _std ; \
             impl :: num_traits :: Zero for X { fn zero () -> Self { _std :: default :: Default :: default () } } } ;"
        );
    }

    #[test]
    fn derive_helpers_go_with_the_derive_and_known_attributes_stay() {
        let mut item: Item = syn::parse_quote! {
            #[fail(display = "x")]
            #[repr(u8)]
            enum E {
                #[fail(display = "a")]
                #[default]
                A,
                B(#[cause] u8, #[doc = "kept"] u8),
            }
        };
        let strip = StripAttrs {
            names: &[],
            unknown: true,
        };
        if let Some(attrs) = crate::cfg::item_attrs_mut(&mut item) {
            attrs.retain(|a| !strip.strips(a));
        }
        StripAttrs {
            names: &[],
            unknown: true,
        }
        .visit_item_mut(&mut item);
        assert_eq!(
            item.to_token_stream().to_string(),
            "# [repr (u8)] enum E { # [default] A , B (u8 , # [doc = \"kept\"] u8) , }"
        );
    }
}
