//! Conditional compilation decided at bundling time.
//!
//! The bundle is never a test build, so `test` (and `doc`, `doctest`, `miri`, `clippy`) are
//! false and the package's default features are on; the cfgs a crate's build script set are
//! true (see [`crate::build_scripts`]). What rustc itself sets (`unix`, `windows`,
//! `debug_assertions`, target properties) is left for the judge's rustc to decide: such
//! predicates are simplified and kept. With a target named (`--target`), its properties
//! (`unix`, `target_os`, `target_pointer_width`...) are decided as rustc sets them for it;
//! what the judge's flags change (`debug_assertions`, `target_feature`, `panic`) stays open.
//! Any other name (`kani`, `docsrs`, a script's cfg it did not set) is false, as under the
//! judge's plain rustc. Items under a false predicate are removed, `#[test]`/`#[bench]`
//! functions too, and a true `cfg` attribute is dropped.

use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeSet;
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{
    Arm, Attribute, Expr, ExprLit, Field, FieldPat, FieldValue, File, ForeignItem, ImplItem, Item,
    Lit, LitBool, Meta, Stmt, Token, TraitItem, Variant,
};

/// What the bundler knows of the configuration.
#[derive(Debug, Clone, Default)]
pub struct CfgEnv {
    /// Enabled Cargo features.
    pub features: BTreeSet<String>,
    /// Cfgs the crate's build script set: `name` or `name = "value"`.
    pub set: BTreeSet<crate::build_scripts::Cfg>,
    /// The judge's target, when named: every cfg rustc sets for it (`rustc --print cfg`).
    pub target: Option<BTreeSet<crate::build_scripts::Cfg>>,
}

/// The value of a predicate: decided, or left for rustc in a simplified form.
#[derive(Debug, Clone)]
enum Truth {
    Yes,
    No,
    Open(TokenStream),
}

/// The cfg names rustc sets by itself, for the target or the build: left for the judge's rustc.
const RUSTC_CFGS: [&str; 22] = [
    "unix",
    "windows",
    "debug_assertions",
    "overflow_checks",
    "panic",
    "proc_macro",
    "relocation_model",
    "sanitize",
    "ub_checks",
    "fmt_debug",
    "target_abi",
    "target_arch",
    "target_endian",
    "target_env",
    "target_family",
    "target_feature",
    "target_has_atomic",
    "target_has_atomic_equal_alignment",
    "target_has_atomic_load_store",
    "target_os",
    "target_pointer_width",
    "target_vendor",
];

/// The cfg names a target decides: the same for every build of it, whatever the flags.
const TARGET_CFGS: [&str; 11] = [
    "unix",
    "windows",
    "target_abi",
    "target_arch",
    "target_endian",
    "target_env",
    "target_family",
    "target_has_atomic",
    "target_os",
    "target_pointer_width",
    "target_vendor",
];

/// The cfgs rustc sets for `triple` (`rustc --print cfg --target TRIPLE`; `RUSTC` if set).
pub fn target_cfgs(triple: &str) -> crate::error::Result<BTreeSet<crate::build_scripts::Cfg>> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = std::process::Command::new(&rustc)
        .args(["--print", "cfg", "--target", triple])
        .output()
        .map_err(|err| crate::error::Error::new(format!("cannot run rustc: {err}")))?;
    if !output.status.success() {
        return Err(crate::error::Error::new(format!(
            "rustc does not know the target `{triple}`: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    Ok(parse_cfgs(&String::from_utf8_lossy(&output.stdout)))
}

/// Reads `rustc --print cfg` lines: `name` or `name="value"`.
fn parse_cfgs(text: &str) -> BTreeSet<crate::build_scripts::Cfg> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| match line.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.trim_matches('"').to_string())),
            None => (line.to_string(), None),
        })
        .collect()
}

impl CfgEnv {
    /// Whether the named target sets `cfg`, when it decides that name.
    fn target_sets(&self, cfg: &crate::build_scripts::Cfg) -> Option<bool> {
        let target = self.target.as_ref()?;
        TARGET_CFGS
            .contains(&cfg.0.as_str())
            .then(|| target.contains(cfg))
    }

    /// A name or `name = "value"` cfg: set by the build script, by the target, left for the
    /// judge's rustc, or false.
    fn decide(&self, cfg: &crate::build_scripts::Cfg, meta: &Meta) -> Truth {
        if self.set.contains(cfg) {
            return Truth::Yes;
        }
        match self.target_sets(cfg) {
            Some(true) => Truth::Yes,
            Some(false) => Truth::No,
            None if RUSTC_CFGS.contains(&cfg.0.as_str()) => Truth::Open(quote!(#meta)),
            None => Truth::No,
        }
    }

    fn eval(&self, meta: &Meta) -> Truth {
        match meta {
            Meta::Path(path) => {
                let name = path
                    .get_ident()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                let cfg = (name, None);
                self.decide(&cfg, meta)
            }
            Meta::NameValue(pair) if pair.path.is_ident("feature") => match &pair.value {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(text),
                    ..
                }) if self.features.contains(&text.value()) => Truth::Yes,
                Expr::Lit(_) => Truth::No,
                _ => Truth::Open(quote!(#meta)),
            },
            Meta::NameValue(pair) => {
                let (
                    Expr::Lit(ExprLit {
                        lit: Lit::Str(text),
                        ..
                    }),
                    Some(name),
                ) = (&pair.value, pair.path.get_ident())
                else {
                    return match pair.path.get_ident() {
                        Some(name) if !RUSTC_CFGS.contains(&name.to_string().as_str()) => Truth::No,
                        _ => Truth::Open(quote!(#meta)),
                    };
                };
                let cfg = (name.to_string(), Some(text.value()));
                self.decide(&cfg, meta)
            }
            Meta::List(list) => {
                let Ok(args) =
                    list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                else {
                    return Truth::Open(quote!(#meta));
                };
                let values: Vec<Truth> = args.iter().map(|arg| self.eval(arg)).collect();
                if list.path.is_ident("not") && values.len() == 1 {
                    match &values[0] {
                        Truth::Yes => Truth::No,
                        Truth::No => Truth::Yes,
                        Truth::Open(inner) => Truth::Open(quote!(not(#inner))),
                    }
                } else if list.path.is_ident("all") {
                    combine(values, true)
                } else if list.path.is_ident("any") {
                    combine(values, false)
                } else {
                    Truth::Open(quote!(#meta))
                }
            }
        }
    }

    /// Applies `cfg`, `cfg_attr`, `#[test]` to one element's attributes.
    /// Returns false when the element must be removed.
    pub fn keep(&self, attrs: &mut Vec<Attribute>) -> bool {
        let mut result = Vec::with_capacity(attrs.len());
        let mut pending: Vec<Attribute> = std::mem::take(attrs);
        pending.reverse();
        while let Some(attr) = pending.pop() {
            let path = attr.path();
            if path.is_ident("test") || path.is_ident("bench") {
                return false;
            }
            if path.is_ident("cfg") {
                let Ok(meta) = attr.parse_args::<Meta>() else {
                    result.push(attr);
                    continue;
                };
                match self.eval(&meta) {
                    Truth::Yes => {}
                    Truth::No => return false,
                    Truth::Open(simplified) => {
                        let mut attr = attr.clone();
                        attr.meta = syn::parse_quote!(cfg(#simplified));
                        result.push(attr);
                    }
                }
            } else if path.is_ident("cfg_attr") {
                let Ok(args) =
                    attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                else {
                    result.push(attr);
                    continue;
                };
                let mut args = args.into_iter();
                let Some(predicate) = args.next() else {
                    continue;
                };
                let rest: Vec<Meta> = args.collect();
                match self.eval(&predicate) {
                    Truth::Yes => {
                        // Expanded attributes may themselves be cfg/cfg_attr: process them next.
                        for meta in rest.into_iter().rev() {
                            let mut expanded = attr.clone();
                            expanded.meta = meta;
                            pending.push(expanded);
                        }
                    }
                    Truth::No => {}
                    Truth::Open(simplified) => {
                        let mut attr = attr.clone();
                        attr.meta = syn::parse_quote!(cfg_attr(#simplified, #(#rest),*));
                        result.push(attr);
                    }
                }
            } else {
                result.push(attr);
            }
        }
        *attrs = result;
        true
    }

    /// Removes everything configured out of a parsed file. Returns false when the file's own
    /// inner attributes (`#![cfg(test)]`) remove the whole module.
    pub fn strip_file(&self, file: &mut File) -> bool {
        if !self.keep(&mut file.attrs) {
            return false;
        }
        let mut stripper = Stripper { env: self };
        stripper.visit_file_mut(file);
        true
    }

    /// Removes everything configured out of a list of items.
    pub fn strip_items(&self, items: &mut Vec<Item>) {
        let mut stripper = Stripper { env: self };
        items.retain_mut(|item| self.keep_item(item));
        for item in items {
            stripper.visit_item_mut(item);
        }
    }

    /// Inside a macro call's tokens (`imp!(Path, cfg(feature = "std"))`), `cfg(...)` and
    /// `cfg!(...)` predicates the bundler decides become `cfg(all())`/`cfg(any())` and
    /// `true`/`false`: the bundle is compiled without Cargo's `--cfg feature=...` flags.
    pub fn decide_in_tokens(&self, tokens: TokenStream) -> TokenStream {
        use proc_macro2::{Delimiter, Group, TokenTree};
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
        let mut index = 0;
        while index < trees.len() {
            let is_cfg = matches!(&trees[index], TokenTree::Ident(i) if i == "cfg")
                && !(index > 0
                    && matches!(&trees[index - 1], TokenTree::Punct(p) if p.as_char() == '$'));
            let bang =
                matches!(trees.get(index + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
            let group_at = if bang { index + 2 } else { index + 1 };
            if let (true, Some(TokenTree::Group(group))) = (is_cfg, trees.get(group_at)) {
                if group.delimiter() == Delimiter::Parenthesis {
                    if let Ok(meta) = syn::parse2::<Meta>(group.stream()) {
                        let decided = match self.eval(&meta) {
                            Truth::Yes => Some(true),
                            Truth::No => Some(false),
                            Truth::Open(_) => None,
                        };
                        if let Some(value) = decided {
                            if bang {
                                out.extend(quote!(#value));
                            } else if value {
                                out.extend(quote!(cfg(all())));
                            } else {
                                out.extend(quote!(cfg(any())));
                            }
                            index = group_at + 1;
                            continue;
                        }
                    }
                }
            }
            match &trees[index] {
                TokenTree::Group(group) => {
                    let mut rebuilt =
                        Group::new(group.delimiter(), self.decide_in_tokens(group.stream()));
                    rebuilt.set_span(group.span());
                    out.push(TokenTree::Group(rebuilt));
                }
                other => out.push(other.clone()),
            }
            index += 1;
        }
        out.into_iter().collect()
    }

    fn keep_item(&self, item: &mut Item) -> bool {
        match item_attrs_mut(item) {
            Some(attrs) => self.keep(attrs),
            None => true,
        }
    }
}

fn combine(values: Vec<Truth>, all: bool) -> Truth {
    let (decisive, neutral) = if all {
        (Truth::No, Truth::Yes)
    } else {
        (Truth::Yes, Truth::No)
    };
    let mut open = Vec::new();
    for value in values {
        match value {
            Truth::Open(tokens) => open.push(tokens),
            Truth::Yes if !all => return decisive,
            Truth::No if all => return decisive,
            _ => {}
        }
    }
    match open.len() {
        0 => neutral,
        1 => Truth::Open(open.pop().unwrap_or_default()),
        _ if all => Truth::Open(quote!(all(#(#open),*))),
        _ => Truth::Open(quote!(any(#(#open),*))),
    }
}

/// The attributes of an item, for every kind of item that has them.
pub fn item_attrs_mut(item: &mut Item) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        Item::Const(i) => &mut i.attrs,
        Item::Enum(i) => &mut i.attrs,
        Item::ExternCrate(i) => &mut i.attrs,
        Item::Fn(i) => &mut i.attrs,
        Item::ForeignMod(i) => &mut i.attrs,
        Item::Impl(i) => &mut i.attrs,
        Item::Macro(i) => &mut i.attrs,
        Item::Mod(i) => &mut i.attrs,
        Item::Static(i) => &mut i.attrs,
        Item::Struct(i) => &mut i.attrs,
        Item::Trait(i) => &mut i.attrs,
        Item::TraitAlias(i) => &mut i.attrs,
        Item::Type(i) => &mut i.attrs,
        Item::Union(i) => &mut i.attrs,
        Item::Use(i) => &mut i.attrs,
        _ => return None,
    })
}

/// The attributes of an item (read only).
pub fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn expr_attrs_mut(expr: &mut Expr) -> Option<&mut Vec<Attribute>> {
    Some(match expr {
        Expr::Array(e) => &mut e.attrs,
        Expr::Assign(e) => &mut e.attrs,
        Expr::Async(e) => &mut e.attrs,
        Expr::Await(e) => &mut e.attrs,
        Expr::Binary(e) => &mut e.attrs,
        Expr::Block(e) => &mut e.attrs,
        Expr::Break(e) => &mut e.attrs,
        Expr::Call(e) => &mut e.attrs,
        Expr::Cast(e) => &mut e.attrs,
        Expr::Closure(e) => &mut e.attrs,
        Expr::Continue(e) => &mut e.attrs,
        Expr::Field(e) => &mut e.attrs,
        Expr::ForLoop(e) => &mut e.attrs,
        Expr::If(e) => &mut e.attrs,
        Expr::Index(e) => &mut e.attrs,
        Expr::Let(e) => &mut e.attrs,
        Expr::Lit(e) => &mut e.attrs,
        Expr::Loop(e) => &mut e.attrs,
        Expr::Macro(e) => &mut e.attrs,
        Expr::Match(e) => &mut e.attrs,
        Expr::MethodCall(e) => &mut e.attrs,
        Expr::Paren(e) => &mut e.attrs,
        Expr::Path(e) => &mut e.attrs,
        Expr::Range(e) => &mut e.attrs,
        Expr::Reference(e) => &mut e.attrs,
        Expr::Repeat(e) => &mut e.attrs,
        Expr::Return(e) => &mut e.attrs,
        Expr::Struct(e) => &mut e.attrs,
        Expr::Try(e) => &mut e.attrs,
        Expr::Tuple(e) => &mut e.attrs,
        Expr::Unary(e) => &mut e.attrs,
        Expr::Unsafe(e) => &mut e.attrs,
        Expr::While(e) => &mut e.attrs,
        _ => return None,
    })
}

fn retain_punctuated<T, P: Default>(
    list: &mut Punctuated<T, P>,
    mut keep: impl FnMut(&mut T) -> bool,
) {
    let kept: Vec<bool> = list.iter_mut().map(&mut keep).collect();
    // A list that loses nothing stays as parsed (its trailing comma too), so that items
    // printed as written still match their text.
    if kept.iter().all(|&k| k) {
        return;
    }
    let trailing = list.trailing_punct();
    let old = std::mem::take(list);
    for (element, kept) in old.into_iter().zip(kept) {
        if kept {
            list.push(element);
        }
    }
    if trailing && !list.empty_or_trailing() {
        list.push_punct(P::default());
    }
}

struct Stripper<'a> {
    env: &'a CfgEnv,
}

impl Stripper<'_> {
    fn retain_exprs(&self, list: &mut Punctuated<Expr, syn::Token![,]>) {
        retain_punctuated(list, |element: &mut Expr| match expr_attrs_mut(element) {
            Some(attrs) => self.env.keep(attrs),
            None => true,
        });
    }
}

impl VisitMut for Stripper<'_> {
    fn visit_file_mut(&mut self, file: &mut File) {
        file.items.retain_mut(|item| self.env.keep_item(item));
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain_mut(|item| self.env.keep_item(item));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, block: &mut syn::ItemImpl) {
        block.items.retain_mut(|item| match item {
            ImplItem::Const(i) => self.env.keep(&mut i.attrs),
            ImplItem::Fn(i) => self.env.keep(&mut i.attrs),
            ImplItem::Type(i) => self.env.keep(&mut i.attrs),
            ImplItem::Macro(i) => self.env.keep(&mut i.attrs),
            _ => true,
        });
        visit_mut::visit_item_impl_mut(self, block);
    }

    fn visit_item_trait_mut(&mut self, block: &mut syn::ItemTrait) {
        block.items.retain_mut(|item| match item {
            TraitItem::Const(i) => self.env.keep(&mut i.attrs),
            TraitItem::Fn(i) => self.env.keep(&mut i.attrs),
            TraitItem::Type(i) => self.env.keep(&mut i.attrs),
            TraitItem::Macro(i) => self.env.keep(&mut i.attrs),
            _ => true,
        });
        visit_mut::visit_item_trait_mut(self, block);
    }

    fn visit_item_foreign_mod_mut(&mut self, block: &mut syn::ItemForeignMod) {
        block.items.retain_mut(|item| match item {
            ForeignItem::Fn(i) => self.env.keep(&mut i.attrs),
            ForeignItem::Static(i) => self.env.keep(&mut i.attrs),
            ForeignItem::Type(i) => self.env.keep(&mut i.attrs),
            ForeignItem::Macro(i) => self.env.keep(&mut i.attrs),
            _ => true,
        });
        visit_mut::visit_item_foreign_mod_mut(self, block);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let mut opened = false;
        block.stmts.retain_mut(|stmt| match stmt {
            Stmt::Local(local) => self.env.keep(&mut local.attrs),
            Stmt::Item(item) => self.env.keep_item(item),
            Stmt::Expr(expr, _) => {
                let Some(attrs) = expr_attrs_mut(expr) else {
                    return true;
                };
                let had = attrs.len();
                let kept = self.env.keep(attrs);
                opened |= kept && had > 0 && attrs.is_empty() && matches!(expr, Expr::Block(_));
                kept
            }
            Stmt::Macro(mac) => self.env.keep(&mut mac.attrs),
        });
        // `{ #[cfg(a)] { x } #[cfg(not(a))] { y } }` decided leaves `{ { x } }`, which rustc
        // warns about (`unused_braces`): the inner block becomes the outer one.
        if let [Stmt::Expr(Expr::Block(inner), None)] = block.stmts.as_slice() {
            if opened && inner.label.is_none() {
                block.stmts = inner.block.stmts.clone();
            }
        }
        visit_mut::visit_block_mut(self, block);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        retain_punctuated(&mut fields.named, |f: &mut Field| {
            self.env.keep(&mut f.attrs)
        });
        visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_fields_unnamed_mut(&mut self, fields: &mut syn::FieldsUnnamed) {
        retain_punctuated(&mut fields.unnamed, |f: &mut Field| {
            self.env.keep(&mut f.attrs)
        });
        visit_mut::visit_fields_unnamed_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, item: &mut syn::ItemEnum) {
        retain_punctuated(&mut item.variants, |v: &mut Variant| {
            self.env.keep(&mut v.attrs)
        });
        visit_mut::visit_item_enum_mut(self, item);
    }

    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        expr.arms
            .retain_mut(|arm: &mut Arm| self.env.keep(&mut arm.attrs));
        visit_mut::visit_expr_match_mut(self, expr);
    }

    fn visit_expr_struct_mut(&mut self, expr: &mut syn::ExprStruct) {
        retain_punctuated(&mut expr.fields, |f: &mut FieldValue| {
            self.env.keep(&mut f.attrs)
        });
        visit_mut::visit_expr_struct_mut(self, expr);
    }

    // Elements of arrays and tuples, and call arguments, can be cfg'd too (unicode-width's
    // tables hold rows only its `cjk` feature adds).
    fn visit_expr_array_mut(&mut self, expr: &mut syn::ExprArray) {
        self.retain_exprs(&mut expr.elems);
        visit_mut::visit_expr_array_mut(self, expr);
    }

    fn visit_expr_tuple_mut(&mut self, expr: &mut syn::ExprTuple) {
        self.retain_exprs(&mut expr.elems);
        visit_mut::visit_expr_tuple_mut(self, expr);
    }

    fn visit_expr_call_mut(&mut self, expr: &mut syn::ExprCall) {
        self.retain_exprs(&mut expr.args);
        visit_mut::visit_expr_call_mut(self, expr);
    }

    fn visit_expr_method_call_mut(&mut self, expr: &mut syn::ExprMethodCall) {
        self.retain_exprs(&mut expr.args);
        visit_mut::visit_expr_method_call_mut(self, expr);
    }

    fn visit_pat_struct_mut(&mut self, pat: &mut syn::PatStruct) {
        retain_punctuated(&mut pat.fields, |f: &mut FieldPat| {
            self.env.keep(&mut f.attrs)
        });
        visit_mut::visit_pat_struct_mut(self, pat);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.env.decide_in_tokens(mac.tokens.clone());
        visit_mut::visit_macro_mut(self, mac);
    }

    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Expr::Macro(mac) = expr {
            if mac.mac.path.is_ident("cfg") {
                if let Ok(meta) = mac.mac.parse_body::<Meta>() {
                    let value = match self.env.eval(&meta) {
                        Truth::Yes => Some(true),
                        Truth::No => Some(false),
                        Truth::Open(_) => None,
                    };
                    if let Some(value) = value {
                        *expr = Expr::Lit(ExprLit {
                            attrs: mac.attrs.clone(),
                            lit: Lit::Bool(LitBool::new(value, proc_macro2::Span::call_site())),
                        });
                        return;
                    }
                }
            }
        }
        visit_mut::visit_expr_mut(self, expr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> CfgEnv {
        CfgEnv {
            features: ["fast".to_string()].into_iter().collect(),
            set: [
                ("has_total_cmp".to_string(), None),
                ("width".to_string(), Some("64".to_string())),
            ]
            .into_iter()
            .collect(),
            target: None,
        }
    }

    fn keep(attr: Attribute) -> (bool, Vec<String>) {
        let mut attrs = vec![attr];
        let kept = env().keep(&mut attrs);
        let shown = attrs.iter().map(|a| quote!(#a).to_string()).collect();
        (kept, shown)
    }

    #[test]
    fn test_is_false_and_features_are_the_defaults() {
        assert!(!keep(syn::parse_quote!(#[cfg(test)])).0);
        assert_eq!(keep(syn::parse_quote!(#[cfg(not(test))])), (true, vec![]));
        assert!(!keep(syn::parse_quote!(#[cfg(all(test, unix))])).0);
        assert_eq!(
            keep(syn::parse_quote!(#[cfg(feature = "fast")])),
            (true, vec![])
        );
        assert!(!keep(syn::parse_quote!(#[cfg(feature = "slow")])).0);
        assert!(!keep(syn::parse_quote!(#[test])).0);
    }

    #[test]
    fn cfgs_set_by_the_build_script_are_true() {
        assert_eq!(
            keep(syn::parse_quote!(#[cfg(has_total_cmp)])),
            (true, vec![])
        );
        assert!(!keep(syn::parse_quote!(#[cfg(not(has_total_cmp))])).0);
        assert_eq!(
            keep(syn::parse_quote!(#[cfg(width = "64")])),
            (true, vec![])
        );
        // Not set by the script, or a name only other tools set: false, as under plain rustc.
        assert!(!keep(syn::parse_quote!(#[cfg(width = "32")])).0);
        assert!(!keep(syn::parse_quote!(#[cfg(any(test, kani))])).0);
        assert!(!keep(syn::parse_quote!(#[cfg(docsrs)])).0);
        assert_eq!(keep(syn::parse_quote!(#[cfg(not(clippy))])), (true, vec![]));
    }

    #[test]
    fn a_block_left_alone_by_its_cfg_opens_into_the_outer_one() {
        let mut file: File = syn::parse_quote! {
            fn f() -> u32 {
                #[cfg(feature = "fast")]
                {
                    let x = 1;
                    x
                }
                #[cfg(not(feature = "fast"))]
                {
                    2
                }
            }
            fn g() -> u32 {
                { 3 }
            }
        };
        env().strip_file(&mut file);
        let text = quote!(#file).to_string();
        assert!(text.contains("fn f () -> u32 { let x = 1 ; x }"), "{text}");
        // Braces the source wrote itself stay.
        assert!(text.contains("fn g () -> u32 { { 3 } }"), "{text}");
    }

    #[test]
    fn undecided_predicates_are_simplified_and_kept() {
        let (kept, attrs) = keep(syn::parse_quote!(#[cfg(any(test, unix))]));
        assert!(kept);
        assert_eq!(attrs, vec!["# [cfg (unix)]".to_string()]);
        let (kept, attrs) =
            keep(syn::parse_quote!(#[cfg(all(not(test), windows, debug_assertions))]));
        assert!(kept);
        assert_eq!(
            attrs,
            vec!["# [cfg (all (windows , debug_assertions))]".to_string()]
        );
    }

    #[test]
    fn a_named_target_decides_its_own_properties_only() {
        let mut env = env();
        env.target = Some(parse_cfgs(
            "debug_assertions\npanic=\"unwind\"\ntarget_arch=\"x86_64\"\ntarget_feature=\"sse2\"\ntarget_os=\"linux\"\ntarget_pointer_width=\"64\"\nunix\n",
        ));
        let keep = |attr: Attribute| {
            let mut attrs = vec![attr];
            let kept = env.keep(&mut attrs);
            let shown: Vec<String> = attrs.iter().map(|a| quote!(#a).to_string()).collect();
            (kept, shown)
        };
        assert_eq!(keep(syn::parse_quote!(#[cfg(unix)])), (true, vec![]));
        assert!(!keep(syn::parse_quote!(#[cfg(windows)])).0);
        assert!(!keep(syn::parse_quote!(#[cfg(target_os = "android")])).0);
        assert_eq!(
            keep(syn::parse_quote!(#[cfg(all(target_os = "linux", target_pointer_width = "64"))])),
            (true, vec![])
        );
        // What the judge's flags decide stays open, whatever this machine's rustc printed.
        let (kept, attrs) = keep(syn::parse_quote!(#[cfg(all(unix, debug_assertions))]));
        assert!(kept);
        assert_eq!(attrs, vec!["# [cfg (debug_assertions)]".to_string()]);
        let (kept, attrs) = keep(syn::parse_quote!(#[cfg(target_feature = "avx2")]));
        assert!(kept);
        assert_eq!(
            attrs,
            vec!["# [cfg (target_feature = \"avx2\")]".to_string()]
        );
        let tokens = env.decide_in_tokens(quote!(if cfg!(windows) { 1 } else { 2 }));
        assert_eq!(tokens.to_string(), "if false { 1 } else { 2 }");
    }

    #[test]
    fn cfg_attr_expands_or_vanishes() {
        assert_eq!(
            keep(syn::parse_quote!(#[cfg_attr(test, derive(Debug))])),
            (true, vec![])
        );
        let (_, attrs) = keep(syn::parse_quote!(#[cfg_attr(not(test), inline)]));
        assert_eq!(attrs, vec!["# [inline]".to_string()]);
        assert!(!keep(syn::parse_quote!(#[cfg_attr(not(test), cfg(test))])).0);
    }

    /// unicode-width: rows of a table that only a feature adds, and the same in tuples and
    /// call arguments.
    #[test]
    fn cfgd_elements_of_arrays_tuples_and_calls_are_decided() {
        let mut file: File = syn::parse_quote! {
            static T: [[u8; 2]; 2] = [[0, 0], #[cfg(feature = "fast")] [1, 1], #[cfg(feature = "slow")] [2, 2]];
            fn f() { g(1, #[cfg(feature = "slow")] 2); let t = (1, #[cfg(feature = "fast")] 3); x.m(#[cfg(unix)] 4); }
        };
        env().strip_file(&mut file);
        let text = quote!(#file).to_string();
        assert!(text.contains("[[0 , 0] , [1 , 1]]"), "{text}");
        assert!(text.contains("g (1 ,)") || text.contains("g (1)"), "{text}");
        assert!(text.contains("(1 , 3)"), "{text}");
        assert!(text.contains("x . m (# [cfg (unix)] 4)"), "{text}");
    }
}
