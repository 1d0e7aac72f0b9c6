//! What an item mentions: the paths, method names and macro names in its syntax, including
//! inside macro calls' token streams and format strings (`"{NAME}"`).

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::{self, Visit};

/// Everything one item mentions, in source order.
#[derive(Debug, Clone, Default)]
pub struct Mentions {
    /// Paths (segment names), crate-rooted paths start with "crate".
    pub paths: Vec<Vec<String>>,
    /// Associated item names reached through a qualified self type (`<T as Tr>::x`, `<T>::x`).
    pub assoc: Vec<String>,
    /// Method call (or field) names: `.name`.
    pub methods: Vec<String>,
    /// Macro names invoked: `name!`.
    pub macros: Vec<String>,
}

impl Mentions {
    /// Mentions of a syntax node.
    pub fn of<T: VisitNode>(node: &T) -> Self {
        let mut mentions = Mentions::default();
        node.visit_with(&mut Collector {
            mentions: &mut mentions,
        });
        mentions
    }

    /// Every identifier mentioned, for the heuristics that work on names alone.
    pub fn idents(&self) -> impl Iterator<Item = &String> {
        self.paths
            .iter()
            .flatten()
            .chain(&self.assoc)
            .chain(&self.methods)
            .chain(&self.macros)
    }

    /// Adds what a token stream mentions (a macro's arguments or a `macro_rules!` body).
    pub fn scan_tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let is_colon = |t: Option<&TokenTree>| {
            matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == ':')
        };
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
                        self.methods.push(name);
                        index += 1;
                        continue;
                    }
                    if after_dollar && name != "crate" {
                        // A macro metavariable (`$x`).
                        index += 1;
                        continue;
                    }
                    let after_sep = index >= 2 && is_colon(prev) && is_colon(trees.get(index - 2));
                    let leading = after_sep
                        && !(index >= 3
                            && matches!(&trees[index - 3], TokenTree::Ident(_) | TokenTree::Group(_)));
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
    fn visit_with<'ast>(&'ast self, visitor: &mut Collector<'_>);
}

macro_rules! visit_node {
    ($($ty:ty => $method:ident),* $(,)?) => {
        $(impl VisitNode for $ty {
            fn visit_with<'ast>(&'ast self, visitor: &mut Collector<'_>) {
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
}

impl Collector<'_> {
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

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_attribute(&mut self, _attr: &'ast syn::Attribute) {}

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

    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        self.qualified(ty.qself.as_ref(), &ty.path);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.mentions.methods.push(call.method.to_string());
        visit::visit_expr_method_call(self, call);
    }

    fn visit_pat_ident(&mut self, pat: &'ast syn::PatIdent) {
        self.mentions.paths.push(vec![pat.ident.to_string()]);
        visit::visit_pat_ident(self, pat);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(last) = mac.path.segments.last() {
            self.mentions.macros.push(last.ident.to_string());
        }
        visit::visit_macro(self, mac);
        self.mentions.scan_tokens(mac.tokens.clone());
    }
}
