//! What an item mentions: the paths, method names and macro names in its syntax, including
//! inside macro calls' token streams and format strings (`"{NAME}"`).

use proc_macro2::{TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Expr, FnArg, Pat, Token, Type};

/// The last segment of a path a macro body ends with a metavariable (`avx2::memchr::$ty`):
/// not an identifier, so it names nothing itself.
pub const CALLER_NAMED: &str = "$";

/// std macros whose arguments are all expressions.
const EXPRESSION_MACROS: [&str; 17] = [
    "print",
    "println",
    "eprint",
    "eprintln",
    "format",
    "format_args",
    "write",
    "writeln",
    "panic",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "unreachable",
    "todo",
];

/// What a method call's receiver is known to be (a light, local type inference: enough to
/// tell which type's method `board.play(m)` means in most code, and "unknown" otherwise).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Receiver {
    /// `self.m()`.
    SelfValue,
    /// A variable bound with a written type (`x: Board`, `let x: Board`, `let x = Board {..}`).
    Typed(Vec<String>),
    /// A variable bound to the result of `Type::f(..)`: its type is `Type` if `f` returns `Self`.
    CallOf(Vec<String>, String),
    /// A field of a receiver: `self.board.m()`, `game.board.m()`.
    Field(Box<Receiver>, String),
    /// What a method returns: `board.moves().len()`.
    MethodResult(Box<Receiver>, String),
    /// A value of a type parameter (`game: &G`): only trait methods can be called on it.
    TypeParam,
    /// The result of `T::f(..)` for a type parameter `T`: a `T` if `f` returns `Self`.
    TypeParamCall(String),
    /// A value of a type that is not a path (a literal, a slice, an array, a tuple): never one
    /// of the crate's own types.
    Foreign,
    /// Anything else.
    Unknown,
}

/// What a variable is bound to, as far as the collector can tell.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Binding {
    Typed(Vec<String>),
    CallOf(Vec<String>, String),
    Foreign,
    /// Bound to a field or a method result: `let moves = board.moves();`.
    Raw(RawReceiver),
    Ambiguous,
}

/// The path of a type, through references and parentheses.
pub fn type_path(ty: &Type) -> Option<Vec<String>> {
    match ty {
        Type::Path(path) if path.qself.is_none() => Some(
            path.path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect(),
        ),
        Type::Reference(reference) => type_path(&reference.elem),
        Type::Paren(inner) => type_path(&inner.elem),
        Type::Group(inner) => type_path(&inner.elem),
        _ => None,
    }
}

/// Whether a type is certainly not one of the crate's own (a slice, an array, a tuple, `str`
/// behind a reference, a pointer, a function pointer).
pub fn is_structural(ty: &Type) -> bool {
    match ty {
        Type::Reference(reference) => is_structural(&reference.elem),
        Type::Paren(inner) => is_structural(&inner.elem),
        Type::Group(inner) => is_structural(&inner.elem),
        Type::Slice(_) | Type::Array(_) | Type::Tuple(_) | Type::Ptr(_) | Type::BareFn(_) => true,
        _ => false,
    }
}

fn binding_of_type(ty: &Type) -> Binding {
    if is_structural(ty) {
        return Binding::Foreign;
    }
    type_path(ty).map_or(Binding::Ambiguous, Binding::Typed)
}

fn expr_path(expr: &Expr) -> Option<Vec<String>> {
    match expr {
        Expr::Path(path) if path.qself.is_none() => Some(
            path.path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect(),
        ),
        _ => None,
    }
}

/// The receiver before bindings are known: a variable is only a name here.
#[derive(Debug, Clone, PartialEq, Eq)]
enum RawReceiver {
    Known(Receiver),
    Variable(String),
    Field(Box<RawReceiver>, String),
    MethodResult(Box<RawReceiver>, String),
}

fn raw_receiver(expr: &Expr) -> RawReceiver {
    match expr {
        Expr::Paren(inner) => raw_receiver(&inner.expr),
        Expr::Group(inner) => raw_receiver(&inner.expr),
        Expr::Reference(inner) => raw_receiver(&inner.expr),
        Expr::Lit(_) => RawReceiver::Known(Receiver::Foreign),
        Expr::MethodCall(call) => RawReceiver::MethodResult(
            Box::new(raw_receiver(&call.receiver)),
            call.method.to_string(),
        ),
        Expr::Field(field) => match &field.member {
            syn::Member::Named(name) => {
                RawReceiver::Field(Box::new(raw_receiver(&field.base)), name.to_string())
            }
            syn::Member::Unnamed(_) => RawReceiver::Known(Receiver::Unknown),
        },
        _ => match expr_path(expr) {
            Some(path) if path.len() == 1 && path[0] == "self" => {
                RawReceiver::Known(Receiver::SelfValue)
            }
            Some(mut path) if path.len() == 1 => RawReceiver::Variable(path.remove(0)),
            _ => RawReceiver::Known(Receiver::Unknown),
        },
    }
}

/// Chains of variables bound to other variables' fields or methods are followed this far.
const MAX_BINDING_DEPTH: usize = 8;

/// What the collector knows when it types receivers: bindings and type parameters.
struct Scope<'a> {
    bindings: &'a BTreeMap<String, Binding>,
    type_params: &'a BTreeSet<String>,
}

impl Scope<'_> {
    fn is_type_param(&self, path: &[String]) -> bool {
        path.len() == 1 && self.type_params.contains(&path[0])
    }

    fn receiver(&self, raw: RawReceiver, depth: usize) -> Receiver {
        if depth > MAX_BINDING_DEPTH {
            return Receiver::Unknown;
        }
        match raw {
            RawReceiver::Known(receiver) => receiver,
            RawReceiver::Variable(variable) => match self.bindings.get(&variable) {
                // A type parameter has no inherent methods: only its bounds' (trait) methods.
                Some(Binding::Typed(path)) if self.is_type_param(path) => Receiver::TypeParam,
                Some(Binding::Typed(path)) => Receiver::Typed(path.clone()),
                Some(Binding::CallOf(path, f)) if self.is_type_param(path) => {
                    Receiver::TypeParamCall(f.clone())
                }
                Some(Binding::CallOf(path, f)) => Receiver::CallOf(path.clone(), f.clone()),
                Some(Binding::Foreign) => Receiver::Foreign,
                Some(Binding::Raw(raw)) => self.receiver(raw.clone(), depth + 1),
                _ => Receiver::Unknown,
            },
            RawReceiver::Field(base, field) => match self.receiver(*base, depth + 1) {
                Receiver::Unknown | Receiver::Foreign | Receiver::TypeParam => Receiver::Unknown,
                base => Receiver::Field(Box::new(base), field),
            },
            RawReceiver::MethodResult(base, method) => {
                let base = self.receiver(*base, depth + 1);
                Receiver::MethodResult(Box::new(base), method)
            }
        }
    }
}

/// Everything one item mentions, in source order.
#[derive(Debug, Clone, Default)]
pub struct Mentions {
    /// Paths (segment names), crate-rooted paths start with "crate".
    pub paths: Vec<Vec<String>>,
    /// Associated item names reached through a qualified self type (`<T as Tr>::x`, `<T>::x`).
    pub assoc: Vec<String>,
    /// Method call (or field) names whose receiver is unknown: `.name` in macro tokens.
    pub methods: Vec<String>,
    /// Method calls with what their receiver is known to be.
    pub method_calls: Vec<(String, Receiver)>,
    /// Field names read (`.name` outside method calls, and in struct patterns).
    pub fields: Vec<String>,
    /// Last segments of paths in expression position (constructors: `E::V`, `V(..)`).
    pub constructors: Vec<String>,
    /// Macro names invoked: `name!`.
    pub macros: Vec<String>,
    /// A macro body here calls a method its caller names (`self.$value()`).
    pub calls_caller_methods: bool,
    /// A macro body here calls a macro its caller names (`$m! { .. }`).
    pub calls_caller_macros: bool,
}

impl Mentions {
    /// Mentions of a syntax node.
    pub fn of<T: VisitNode>(node: &T) -> Self {
        Mentions::within(node, &syn::Generics::default())
    }

    /// Mentions of a syntax node inside an item with these generics (an impl's or a trait's
    /// parameters, for their members).
    pub fn within<T: VisitNode>(node: &T, outer: &syn::Generics) -> Self {
        let mut mentions = Mentions::default();
        let mut collector = Collector {
            mentions: &mut mentions,
            bindings: BTreeMap::new(),
            binding_pattern: 0,
            calls: Vec::new(),
            type_params: BTreeSet::new(),
            local_imports: BTreeMap::new(),
        };
        collector.add_type_params(outer);
        node.visit_with(&mut collector);
        let Collector {
            bindings,
            calls,
            type_params,
            local_imports,
            ..
        } = collector;
        // regex-syntax's `use crate::unicode_tables::age;` then `age::BY_NAME`, in a function.
        let through_local_imports: Vec<Vec<String>> = mentions
            .paths
            .iter()
            .filter_map(|path| {
                let (first, rest) = path.split_first()?;
                let full = local_imports.get(first).filter(|_| !rest.is_empty())?;
                Some(full.iter().chain(rest).cloned().collect())
            })
            .collect();
        mentions.paths.extend(through_local_imports);
        let scope = Scope {
            bindings: &bindings,
            type_params: &type_params,
        };
        for (name, raw) in calls {
            let receiver = scope.receiver(raw, 0);
            mentions.method_calls.push((name, receiver));
        }
        mentions
    }

    /// Every identifier mentioned, for the heuristics that work on names alone.
    pub fn idents(&self) -> impl Iterator<Item = &String> {
        self.paths
            .iter()
            .flatten()
            .chain(&self.assoc)
            .chain(&self.methods)
            .chain(self.method_calls.iter().map(|(name, _)| name))
            .chain(&self.macros)
    }

    /// Adds what a token stream mentions (a macro's arguments or a `macro_rules!` body).
    pub fn scan_tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let is_colon =
            |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == ':');
        let mut index = 0;
        while index < trees.len() {
            match &trees[index] {
                TokenTree::Group(group) => self.scan_tokens(group.stream()),
                TokenTree::Literal(literal) => self.scan_format_string(&literal.to_string()),
                TokenTree::Ident(ident) => {
                    let prev = index.checked_sub(1).and_then(|i| trees.get(i));
                    let after_dot = matches!(prev, Some(TokenTree::Punct(p)) if p.as_char() == '.');
                    let after_dollar =
                        matches!(prev, Some(TokenTree::Punct(p)) if p.as_char() == '$');
                    let name = ident.to_string();
                    if after_dot {
                        // `.name(` or `.name::<` is a method call, anything else a field.
                        let call = match trees.get(index + 1) {
                            Some(TokenTree::Group(group)) => {
                                group.delimiter() == proc_macro2::Delimiter::Parenthesis
                            }
                            Some(TokenTree::Punct(p)) => p.as_char() == ':',
                            _ => false,
                        };
                        if call {
                            self.methods.push(name);
                        } else {
                            self.fields.push(name);
                        }
                        index += 1;
                        continue;
                    }
                    if after_dollar && name != "crate" {
                        // A macro metavariable (`$x`); `.$x(` calls the method a caller names.
                        let dot_before = index >= 2
                            && matches!(&trees[index - 2], TokenTree::Punct(p) if p.as_char() == '.');
                        if dot_before {
                            self.calls_caller_methods = true;
                        }
                        if matches!(trees.get(index + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!')
                        {
                            self.calls_caller_macros = true;
                        }
                        index += 1;
                        continue;
                    }
                    let after_sep = index >= 2 && is_colon(prev) && is_colon(trees.get(index - 2));
                    // `$ty::cast_from_int(..)`, `<$ty>::splat(..)`: an associated function of a
                    // type the macro is given, which may be a trait's (its module then needs
                    // the trait).
                    let after_metavariable = after_sep
                        && index >= 4
                        && matches!(&trees[index - 3], TokenTree::Ident(_))
                        && matches!(&trees[index - 4], TokenTree::Punct(p) if p.as_char() == '$');
                    let after_angle = after_sep
                        && index >= 3
                        && matches!(&trees[index - 3], TokenTree::Punct(p) if p.as_char() == '>');
                    if after_metavariable || after_angle {
                        // A method or a function without `self` (ndarray's
                        // `<ArrayBase<S, D>>::build_uninit(..)`).
                        self.methods.push(name.clone());
                        self.assoc.push(name.clone());
                    }
                    let leading = after_sep
                        && !(index >= 3
                            && matches!(
                                &trees[index - 3],
                                TokenTree::Ident(_) | TokenTree::Group(_)
                            ));
                    let mut path = vec![name];
                    let mut end = index + 1;
                    while is_colon(trees.get(end)) && is_colon(trees.get(end + 1)) {
                        match trees.get(end + 2) {
                            Some(TokenTree::Ident(next)) => {
                                path.push(next.to_string());
                                end += 3;
                            }
                            _ => break,
                        }
                    }
                    // `module::$name`: an item the macro's caller names, any of the module's.
                    if is_colon(trees.get(end))
                        && is_colon(trees.get(end + 1))
                        && matches!(trees.get(end + 2), Some(TokenTree::Punct(p)) if p.as_char() == '$')
                    {
                        path.push(CALLER_NAMED.to_string());
                    }
                    let is_macro =
                        matches!(trees.get(end), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    if is_macro {
                        if let Some(last) = path.last() {
                            self.macros.push(last.clone());
                        }
                    }
                    if !leading {
                        self.paths.push(path);
                    }
                    index = end;
                    continue;
                }
                TokenTree::Punct(_) => {}
            }
            index += 1;
        }
    }

    /// Names captured by a format string: `"{name}"`, `"{name:>4}"`, `"{:width$}"`.
    fn scan_format_string(&mut self, literal: &str) {
        if !literal.starts_with('"') && !literal.starts_with('r') {
            return;
        }
        let bytes: Vec<char> = literal.chars().collect();
        let mut index = 0;
        while index < bytes.len() {
            if bytes[index] == '{' {
                if bytes.get(index + 1) == Some(&'{') {
                    index += 2;
                    continue;
                }
                let start = index + 1;
                let mut end = start;
                while end < bytes.len() && (bytes[end].is_alphanumeric() || bytes[end] == '_') {
                    end += 1;
                }
                let name: String = bytes[start..end].iter().collect();
                if !name.is_empty() && !name.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                    self.paths.push(vec![name]);
                }
                index = end;
                continue;
            }
            if bytes[index] == '$' && index > 0 {
                // `{:width$}`: the name before `$`.
                let mut start = index;
                while start > 0 && (bytes[start - 1].is_alphanumeric() || bytes[start - 1] == '_') {
                    start -= 1;
                }
                let name: String = bytes[start..index].iter().collect();
                if !name.is_empty() && !name.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                    self.paths.push(vec![name]);
                }
            }
            index += 1;
        }
    }
}

/// A syntax node the collector can walk.
pub trait VisitNode {
    /// Walks the node with `visitor`.
    fn visit_with(&self, visitor: &mut Collector<'_>);
}

macro_rules! visit_node {
    ($($ty:ty => $method:ident),* $(,)?) => {
        $(impl VisitNode for $ty {
            fn visit_with(&self, visitor: &mut Collector<'_>) {
                visitor.$method(self);
            }
        })*
    };
}

visit_node!(
    syn::Item => visit_item,
    syn::ImplItem => visit_impl_item,
    syn::TraitItem => visit_trait_item,
    syn::Type => visit_type,
    syn::Path => visit_path,
    syn::Generics => visit_generics,
    syn::TypeParamBound => visit_type_param_bound,
);

/// Collects mentions while walking syntax.
pub struct Collector<'a> {
    mentions: &'a mut Mentions,
    bindings: BTreeMap<String, Binding>,
    /// Above zero while walking a pattern whose bindings were already recorded with a type.
    binding_pattern: usize,
    calls: Vec<(String, RawReceiver)>,
    /// Type parameters in scope whose values have only trait methods (none bounded by
    /// `Deref`, which would bring another type's methods).
    type_params: BTreeSet<String>,
    /// Names a `use` inside a function body gives, and the paths they stand for.
    local_imports: BTreeMap<String, Vec<String>>,
}

impl Collector<'_> {
    fn add_type_params(&mut self, generics: &syn::Generics) {
        let derefs = |bounds: &Punctuated<syn::TypeParamBound, Token![+]>| {
            bounds.iter().any(|bound| match bound {
                syn::TypeParamBound::Trait(t) => t
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "Deref" || s.ident == "DerefMut"),
                _ => false,
            })
        };
        let mut deref_params = BTreeSet::new();
        if let Some(clause) = &generics.where_clause {
            for predicate in &clause.predicates {
                if let syn::WherePredicate::Type(typed) = predicate {
                    if let (Some(path), true) =
                        (type_path(&typed.bounded_ty), derefs(&typed.bounds))
                    {
                        deref_params.extend(path);
                    }
                }
            }
        }
        for param in generics.type_params() {
            let name = param.ident.to_string();
            if !derefs(&param.bounds) && !deref_params.contains(&name) {
                self.type_params.insert(name);
            }
        }
    }

    fn bind(&mut self, name: String, binding: Binding) {
        let merged = match self.bindings.get(&name) {
            Some(existing) if *existing != binding => Binding::Ambiguous,
            _ => binding,
        };
        self.bindings.insert(name, merged);
    }

    fn qualified(&mut self, qself: Option<&syn::QSelf>, path: &syn::Path) {
        match qself {
            Some(qself) => {
                self.visit_type(&qself.ty);
                let prefix: Vec<String> = path
                    .segments
                    .iter()
                    .take(qself.position)
                    .map(|s| s.ident.to_string())
                    .collect();
                if !prefix.is_empty() {
                    self.mentions.paths.push(prefix);
                }
                for segment in path.segments.iter().skip(qself.position) {
                    self.mentions.assoc.push(segment.ident.to_string());
                }
                for segment in &path.segments {
                    self.visit_path_arguments(&segment.arguments);
                }
            }
            None => self.visit_path(path),
        }
    }
}

/// What a use tree imports, leaf by leaf: the path and the name it brings into scope (`None`
/// for a glob). `a::{b as c, d::{self}, e::*}` gives `a::b` as `c`, `a::d` as `d`, and `a::e`.
pub fn use_leaves(tree: &syn::UseTree) -> Vec<(Vec<String>, Option<String>)> {
    fn walk(
        tree: &syn::UseTree,
        prefix: &mut Vec<String>,
        out: &mut Vec<(Vec<String>, Option<String>)>,
    ) {
        let path_to = |prefix: &Vec<String>, ident: &syn::Ident| {
            let mut path = prefix.clone();
            if ident != "self" {
                path.push(ident.to_string());
            }
            path
        };
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                walk(&path.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(name) => {
                let path = path_to(prefix, &name.ident);
                let introduced = path.last().cloned();
                out.push((path, introduced));
            }
            syn::UseTree::Rename(rename) => {
                out.push((
                    path_to(prefix, &rename.ident),
                    Some(rename.rename.to_string()),
                ));
            }
            syn::UseTree::Glob(_) => out.push((prefix.clone(), None)),
            syn::UseTree::Group(group) => {
                for item in &group.items {
                    walk(item, prefix, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(tree, &mut Vec::new(), &mut out);
    out
}

impl<'ast> Visit<'ast> for Collector<'_> {
    // Attributes name nothing the item needs, but for a macro computing a value in one
    // (`#[doc = codegen_header!(..)]`, zerocopy's).
    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if let syn::Meta::NameValue(syn::MetaNameValue {
            value: Expr::Macro(call),
            ..
        }) = &attr.meta
        {
            self.visit_macro(&call.mac);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            self.mentions
                .paths
                .push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        visit::visit_path(self, path);
    }

    fn visit_expr_path(&mut self, expr: &'ast syn::ExprPath) {
        self.qualified(expr.qself.as_ref(), &expr.path);
    }

    // A `use` inside a function body names what it imports (zerocopy's
    // `use util::{max, min};`); module-level ones are the graph's own edges.
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if item.leading_colon.is_none() {
            for (path, name) in use_leaves(&item.tree) {
                if let Some(name) = name {
                    self.local_imports.insert(name, path.clone());
                }
                self.mentions.paths.push(path);
            }
        }
    }

    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        self.qualified(ty.qself.as_ref(), &ty.path);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.calls
            .push((call.method.to_string(), raw_receiver(&call.receiver)));
        visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_field(&mut self, field: &'ast syn::ExprField) {
        if let syn::Member::Named(name) = &field.member {
            self.mentions.fields.push(name.to_string());
        }
        visit::visit_expr_field(self, field);
    }

    fn visit_field_pat(&mut self, pat: &'ast syn::FieldPat) {
        if let syn::Member::Named(name) = &pat.member {
            self.mentions.fields.push(name.to_string());
        }
        visit::visit_field_pat(self, pat);
    }

    fn visit_expr(&mut self, expr: &'ast Expr) {
        let constructor = match expr {
            Expr::Path(path) => path.path.segments.last(),
            Expr::Struct(lit) => lit.path.segments.last(),
            _ => None,
        };
        if let Some(segment) = constructor {
            self.mentions.constructors.push(segment.ident.to_string());
        }
        visit::visit_expr(self, expr);
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        let binding = match &local.pat {
            Pat::Type(typed) => match &*typed.pat {
                Pat::Ident(ident) => Some((ident.ident.to_string(), binding_of_type(&typed.ty))),
                _ => None,
            },
            Pat::Ident(ident) => {
                let value = local.init.as_ref().map(|init| &*init.expr);
                let binding = match value {
                    Some(Expr::Struct(lit)) if lit.qself.is_none() => Binding::Typed(
                        lit.path
                            .segments
                            .iter()
                            .map(|s| s.ident.to_string())
                            .collect(),
                    ),
                    Some(Expr::Lit(_) | Expr::Array(_) | Expr::Tuple(_) | Expr::Repeat(_)) => {
                        Binding::Foreign
                    }
                    Some(Expr::Call(call)) => match expr_path(&call.func) {
                        Some(mut path) if path.len() >= 2 => {
                            let function = path.pop().unwrap_or_default();
                            Binding::CallOf(path, function)
                        }
                        _ => Binding::Ambiguous,
                    },
                    Some(init @ (Expr::MethodCall(_) | Expr::Field(_))) => {
                        Binding::Raw(raw_receiver(init))
                    }
                    _ => Binding::Ambiguous,
                };
                Some((ident.ident.to_string(), binding))
            }
            _ => None,
        };
        match binding {
            Some((name, binding)) => {
                self.bind(name, binding);
                self.binding_pattern += 1;
                self.visit_pat(&local.pat);
                self.binding_pattern -= 1;
                if let Some(init) = &local.init {
                    self.visit_expr(&init.expr);
                    if let Some((_, diverge)) = &init.diverge {
                        self.visit_expr(diverge);
                    }
                }
            }
            None => visit::visit_local(self, local),
        }
    }

    fn visit_signature(&mut self, sig: &'ast syn::Signature) {
        self.add_type_params(&sig.generics);
        visit::visit_signature(self, sig);
    }

    fn visit_fn_arg(&mut self, arg: &'ast FnArg) {
        if let FnArg::Typed(typed) = arg {
            if let Pat::Ident(ident) = &*typed.pat {
                self.bind(ident.ident.to_string(), binding_of_type(&typed.ty));
                self.binding_pattern += 1;
                self.visit_pat(&typed.pat);
                self.binding_pattern -= 1;
                self.visit_type(&typed.ty);
                return;
            }
        }
        visit::visit_fn_arg(self, arg);
    }

    fn visit_pat_ident(&mut self, pat: &'ast syn::PatIdent) {
        if self.binding_pattern == 0 {
            self.bind(pat.ident.to_string(), Binding::Ambiguous);
        }
        self.mentions.paths.push(vec![pat.ident.to_string()]);
        visit::visit_pat_ident(self, pat);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(last) = mac.path.segments.last() {
            self.mentions.macros.push(last.ident.to_string());
        }
        visit::visit_macro(self, mac);
        // std's formatting and assertion macros take expressions: walked as syntax, their
        // method calls get typed receivers like any other code.
        let name = mac.path.segments.last().map(|s| s.ident.to_string());
        if name.is_some_and(|name| EXPRESSION_MACROS.contains(&name.as_str())) {
            let parser = Punctuated::<Expr, Token![,]>::parse_terminated;
            if let Ok(args) = mac.parse_body_with(parser) {
                for arg in &args {
                    if let Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(text),
                        ..
                    }) = arg
                    {
                        self.mentions
                            .scan_format_string(&format!("{:?}", text.value()));
                    }
                    self.visit_expr(arg);
                }
                return;
            }
        }
        self.mentions.scan_tokens(mac.tokens.clone());
    }
}
