//! Compile-time inputs turned into literals: `include_str!`, `include_bytes!`, and the
//! `env!`/`option_env!` variables Cargo sets (`CARGO_PKG_*`, and a dependency's build-script
//! variables and `OUT_DIR`, see [`crate::build_scripts`]).
//!
//! `include!("file.rs")` with a literal path splices the file's items (or expression) in.
//! Anything the bundle cannot reproduce (other environment variables, the bundled package's own
//! build-script output) is refused with the file and line of the call.

use crate::error::{Error, Result};
use crate::manifest::Package;
use proc_macro2::{Group, Literal, Span, TokenStream, TokenTree};
use quote::quote;
use std::fs;
use std::path::Path;
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, File, Item, LitStr, Macro, Token};

/// Where the macros being expanded were written.
pub struct Site<'a> {
    /// The file as shown in messages (relative to the workspace or package).
    pub shown: &'a str,
    /// Folder of that file: `include_str!` paths are relative to it.
    pub dir: &'a Path,
    /// The package, for `CARGO_PKG_*`.
    pub package: &'a Package,
    /// The crate being loaded (`CARGO_CRATE_NAME`): the library's or the binary's.
    pub crate_name: &'a str,
}

/// Expands every include and environment macro in a parsed file.
pub fn expand_file(file: &mut File, site: &Site<'_>) -> Result<()> {
    let mut expander = Expander { site, error: None };
    expander.visit_file_mut(file);
    match expander.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// The compile-time macros this module replaces.
const HANDLED: [&str; 5] = [
    "include_str",
    "include_bytes",
    "env",
    "option_env",
    "include",
];

fn macro_name(path: &syn::Path) -> Option<String> {
    let last = path.segments.last()?.ident.to_string();
    let qualified_by_std = path.segments.len() == 1
        || path
            .segments
            .first()
            .is_some_and(|s| s.ident == "std" || s.ident == "core");
    (qualified_by_std && HANDLED.contains(&last.as_str())).then_some(last)
}

struct Expander<'a> {
    site: &'a Site<'a>,
    error: Option<Error>,
}

impl Expander<'_> {
    /// The literal tokens replacing a call of `name` with arguments `args`, or `None` to keep it.
    fn expand(&self, name: &str, args: TokenStream, span: Span) -> Result<Option<TokenStream>> {
        let line = span.start().line;
        let fail = |message: String| Error::at(self.site.shown, line, message);
        let strings = syn::parse::Parser::parse2(
            Punctuated::<LitStr, Token![,]>::parse_terminated,
            args.clone(),
        );
        match name {
            "include" => {
                let text = self.read_included(args, span)?;
                let tokens = text.parse::<TokenStream>().map_err(|err| {
                    fail(format!("`include!`: the file does not tokenize: {err}"))
                })?;
                Ok(Some(tokens))
            }
            "include_str" | "include_bytes" => {
                let Some(relative) = self.path_argument(args.clone()) else {
                    return Err(fail(format!(
                        "`{name}!({args})` needs a path known when bundling (a literal, or `concat!` of literals and `env!(\"CARGO_MANIFEST_DIR\")`); build-script output such as OUT_DIR cannot be bundled"
                    )));
                };
                let path = self.site.dir.join(&relative);
                let bytes = fs::read(&path).map_err(|err| {
                    fail(format!(
                        "`{name}!(\"{relative}\")`: cannot read {}: {err}",
                        path.display()
                    ))
                })?;
                let literal = if name == "include_str" {
                    let text = String::from_utf8(bytes)
                        .map_err(|_| fail(format!("`include_str!(\"{relative}\")`: not UTF-8")))?;
                    Literal::string(&text)
                } else {
                    Literal::byte_string(&bytes)
                };
                Ok(Some(TokenStream::from(TokenTree::Literal(literal))))
            }
            _ => {
                let Ok(strings) = strings else {
                    return Err(fail(format!(
                        "`{name}!({args})` needs a string literal variable name to be bundled"
                    )));
                };
                let Some(var) = strings.first().map(LitStr::value) else {
                    return Err(fail(format!("`{name}!` without a variable name")));
                };
                let value = match var.as_str() {
                    "CARGO_CRATE_NAME" => Some(self.site.crate_name),
                    _ => self.site.package.env_var(&var),
                };
                match (value, name) {
                    (Some(value), "env") => Ok(Some(quote!(#value))),
                    (Some(value), _) => Ok(Some(quote!(::core::option::Option::Some(#value)))),
                    (None, "option_env") if !var.starts_with("CARGO") && var != "OUT_DIR" => {
                        Ok(None)
                    }
                    (None, _) => Err(fail(format!(
                        "`{name}!(\"{var}\")`: the variable is only known when Cargo builds the package (build-script output or an unknown variable); it cannot be bundled"
                    ))),
                }
            }
        }
    }

    /// The text of the file an `include!("path")` names (a literal path only: computed paths
    /// such as `concat!(env!("OUT_DIR"), ...)` are build-script output).
    fn read_included(&self, args: TokenStream, span: Span) -> Result<String> {
        let fail = |message: String| Error::at(self.site.shown, span.start().line, message);
        let path = self.path_argument(args.clone()).ok_or_else(|| {
            fail(format!(
                "`include!({args})` cannot be bundled: only a path known when bundling can (build-script output cannot)"
            ))
        })?;
        let full = self.site.dir.join(&path);
        fs::read_to_string(&full).map_err(|err| {
            fail(format!(
                "`include!(\"{path}\")`: cannot read {}: {err}",
                full.display()
            ))
        })
    }

    /// The value of an include's path argument when it is known while bundling: a literal, or
    /// `concat!` of literals and `env!` of variables Cargo sets (`CARGO_MANIFEST_DIR` too).
    fn path_argument(&self, args: TokenStream) -> Option<String> {
        let expr = syn::parse2::<Expr>(args).ok()?;
        self.string_value(&expr)
    }

    fn string_value(&self, expr: &Expr) -> Option<String> {
        match expr {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(text),
                ..
            }) => Some(text.value()),
            Expr::Macro(call) => {
                let name = call.mac.path.segments.last()?.ident.to_string();
                match name.as_str() {
                    "concat" => {
                        let parts = call
                            .mac
                            .parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated)
                            .ok()?;
                        parts.iter().map(|part| self.string_value(part)).collect()
                    }
                    "env" => {
                        let var = call.mac.parse_body::<LitStr>().ok()?.value();
                        match var.as_str() {
                            "CARGO_MANIFEST_DIR" => {
                                Some(self.site.package.dir.to_string_lossy().into_owned())
                            }
                            "CARGO_CRATE_NAME" => Some(self.site.crate_name.to_string()),
                            _ => self.site.package.env_var(&var).map(str::to_string),
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Replaces item-position `include!("file.rs");` by the file's items.
    fn splice_items(&mut self, items: &mut Vec<Item>) {
        let mut index = 0;
        let mut spliced = 0;
        while index < items.len() {
            let call = match &items[index] {
                Item::Macro(item) if item.ident.is_none() => {
                    match macro_name(&item.mac.path).as_deref() {
                        Some("include") => Some(item.mac.clone()),
                        _ => None,
                    }
                }
                _ => None,
            };
            let Some(call) = call else {
                index += 1;
                continue;
            };
            let span = call
                .path
                .segments
                .last()
                .map_or_else(Span::call_site, |s| s.ident.span());
            let args = self.expand_tokens(call.tokens.clone());
            let parsed = self.read_included(args, span).and_then(|text| {
                syn::parse_file(&text).map_err(|err| {
                    Error::at(
                        self.site.shown,
                        span.start().line,
                        format!("`include!`: the file does not parse as items: {err}"),
                    )
                })
            });
            match parsed {
                // A file including itself (directly or not) would never end.
                Ok(_) if spliced > 64 => {
                    let message = "`include!` nested too deep".to_string();
                    self.error.get_or_insert(Error::at(
                        self.site.shown,
                        span.start().line,
                        message,
                    ));
                    return;
                }
                Ok(file) => {
                    spliced += 1;
                    items.splice(index..=index, file.items);
                }
                Err(error) => {
                    self.error.get_or_insert(error);
                    index += 1;
                }
            }
        }
    }

    /// Rewrites calls inside a macro's token stream (`println!("{}", env!("X"))`).
    fn expand_tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        let mut index = 0;
        while index < trees.len() {
            if let (
                TokenTree::Ident(ident),
                Some(TokenTree::Punct(bang)),
                Some(TokenTree::Group(group)),
            ) = (&trees[index], trees.get(index + 1), trees.get(index + 2))
            {
                let name = ident.to_string();
                let after_path = index >= 1
                    && matches!(&trees[index - 1], TokenTree::Punct(p) if p.as_char() == ':')
                    && !(index >= 3
                        && matches!(&trees[index - 3], TokenTree::Ident(q) if q == "std" || q == "core"));
                let preceded_by_dollar = index >= 1
                    && matches!(&trees[index - 1], TokenTree::Punct(p) if p.as_char() == '$');
                if bang.as_char() == '!'
                    && HANDLED.contains(&name.as_str())
                    && !after_path
                    && !preceded_by_dollar
                    && !has_metavariable(group.stream())
                {
                    let args = if name.starts_with("include") {
                        group.stream()
                    } else {
                        self.expand_tokens(group.stream())
                    };
                    match self.expand(&name, args, ident.span()) {
                        Ok(Some(literal)) => {
                            out.extend(literal);
                            index += 3;
                            continue;
                        }
                        Ok(None) => {}
                        Err(error) => {
                            self.error.get_or_insert(error);
                        }
                    }
                }
            }
            match &trees[index] {
                TokenTree::Group(group) => {
                    let mut rebuilt =
                        Group::new(group.delimiter(), self.expand_tokens(group.stream()));
                    rebuilt.set_span(group.span());
                    out.push(TokenTree::Group(rebuilt));
                }
                other => out.push(other.clone()),
            }
            index += 1;
        }
        out.into_iter().collect()
    }
}

/// Whether a macro body's tokens name a metavariable (`$x`) at any depth: such a call is only
/// known where the macro is used, and rustc expands it there.
fn has_metavariable(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Punct(punct) => punct.as_char() == '$',
        TokenTree::Group(group) => has_metavariable(group.stream()),
        _ => false,
    })
}

impl VisitMut for Expander<'_> {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Expr::Macro(call) = expr {
            if let Some(name) = macro_name(&call.mac.path) {
                if name != "include" || self.error.is_none() {
                    let span = call
                        .mac
                        .path
                        .segments
                        .last()
                        .map_or_else(Span::call_site, |s| s.ident.span());
                    let args = if name.starts_with("include") {
                        call.mac.tokens.clone()
                    } else {
                        self.expand_tokens(call.mac.tokens.clone())
                    };
                    match self.expand(&name, args, span) {
                        Ok(Some(tokens)) => {
                            match syn::parse2::<Expr>(tokens) {
                                Ok(parsed) => *expr = parsed,
                                Err(err) => {
                                    let message = format!(
                                        "`{name}!` does not expand to an expression: {err}"
                                    );
                                    self.error.get_or_insert(Error::at(
                                        self.site.shown,
                                        span.start().line,
                                        message,
                                    ));
                                }
                            }
                            return;
                        }
                        Ok(None) => {}
                        Err(error) => {
                            self.error.get_or_insert(error);
                            return;
                        }
                    }
                }
            }
        }
        visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_file_mut(&mut self, file: &mut File) {
        self.splice_items(&mut file.items);
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            self.splice_items(items);
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_macro_mut(&mut self, mac: &mut Macro) {
        if let Some(name) = macro_name(&mac.path) {
            if name == "include" {
                // Left in a position other than an item or an expression (a statement).
                let span = mac
                    .path
                    .segments
                    .last()
                    .map_or_else(Span::call_site, |s| s.ident.span());
                let message = "`include!` is only bundled as items or as an expression";
                self.error
                    .get_or_insert(Error::at(self.site.shown, span.start().line, message));
                return;
            }
        }
        // Inside a macro definition too: calls with literal arguments are expanded, calls
        // taking `$x` arguments are left alone (they are expanded where the macro is used).
        mac.tokens = self.expand_tokens(mac.tokens.clone());
    }
}
