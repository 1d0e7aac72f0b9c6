//! Loading a crate's module tree, following rustc's rules for where `mod x;` lives.
//!
//! Every `mod x;` becomes an inline `mod x { ... }` whose first item is a marker naming the
//! source file, so that the printed bundle can say where each part came from. Each file is
//! cleaned of `cfg(test)` code and has its includes expanded before its own `mod` items are
//! followed, so test-only modules are never even read.

use crate::cfg::CfgEnv;
use crate::comments;
use crate::error::{Error, Result};
use crate::includes::{self, Site};
use crate::manifest::Package;
use proc_macro2::{Literal, Span};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Component, Path, PathBuf};
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Item, ItemMacro, Lit, Meta};

/// The name of the placeholder macro that marks the start of a source file's items.
pub const MARKER: &str = "__bundler_marker";

/// A crate loaded into one tree of inline modules.
#[derive(Debug, Clone)]
pub struct LoadedCrate {
    /// The root file's inner attributes (`#![...]`, `//!`).
    pub attrs: Vec<Attribute>,
    /// The root file's items, a marker first.
    pub items: Vec<Item>,
}

/// Where the children of a module live (rustc's "directory ownership").
#[derive(Debug, Clone)]
struct DirState {
    dir: PathBuf,
    /// For a non-`mod.rs` file `a/b.rs`: `b`, the folder its children live in under `a/`.
    relative: Option<String>,
}

/// Reads files and remembers, in load order, which file each marker stands for.
pub struct Loader<'a> {
    package: &'a Package,
    cfg: &'a CfgEnv,
    display_root: PathBuf,
    /// Shown path of every loaded file; a marker's number indexes this list.
    pub files: Vec<String>,
    /// Text of the `//` comments kept between items; a comment placeholder indexes this list.
    pub comments: Vec<String>,
    loading: Vec<PathBuf>,
    /// The crate being loaded, for `CARGO_CRATE_NAME`.
    crate_name: String,
    /// The crate's `macro_rules!` definitions seen so far, in textual order.
    macros: BTreeMap<String, ItemMacro>,
    /// Macro calls written out so far in this crate.
    expansions: usize,
    /// Macros that name a feature through a metavariable, by name: where each is defined.
    feature_macros: BTreeMap<String, String>,
}

/// Macro calls the loader writes out in one crate, at most.
const MAX_EXPANSIONS: usize = 256;

/// Removes `.` and `..` components without touching the file system.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// `path` relative to `root` with `/` separators, going up with `..` when it lies outside
/// (never an absolute path, so that bundles are the same on every machine).
pub fn relative_path(path: &Path, root: &Path) -> String {
    let path: Vec<Component> = path.components().collect();
    let root: Vec<Component> = root.components().collect();
    let common = path.iter().zip(&root).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); root.len() - common];
    parts.extend(
        path[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// A marker item `__bundler_marker!(index);`.
pub fn marker_item(name: &str, index: usize) -> Item {
    let ident = syn::Ident::new(name, Span::call_site());
    let number = Literal::usize_unsuffixed(index);
    syn::parse_quote!(#ident!(#number);)
}

/// The number in a marker item made by [`marker_item`] with this name.
pub fn marker_index(item: &Item, name: &str) -> Option<usize> {
    let Item::Macro(mac) = item else {
        return None;
    };
    if !mac.mac.path.is_ident(name) {
        return None;
    }
    mac.mac.tokens.to_string().trim().parse().ok()
}

/// The first call `name!(..)` in `tokens` of a macro in `names`, and its line.
fn called_macro(
    tokens: proc_macro2::TokenStream,
    names: &BTreeMap<String, String>,
) -> Option<(String, usize)> {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut definition_body = None;
    for (at, tree) in trees.iter().enumerate() {
        if Some(at) == definition_body {
            continue;
        }
        match tree {
            // A definition's own body (a macro that calls itself) is not a call.
            TokenTree::Ident(word) if word == "macro_rules" => definition_body = Some(at + 3),
            TokenTree::Group(group) => {
                if let Some(found) = called_macro(group.stream(), names) {
                    return Some(found);
                }
            }
            TokenTree::Ident(name) if names.contains_key(&name.to_string()) => {
                let bang =
                    matches!(trees.get(at + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let call = matches!(trees.get(at + 2), Some(TokenTree::Group(_)));
                let defined =
                    at > 0 && matches!(&trees[at - 1], TokenTree::Punct(p) if p.as_char() == '!');
                if bang && call && !defined {
                    return Some((name.to_string(), name.span().start().line));
                }
            }
            _ => {}
        }
    }
    None
}

/// The `#[path = "..."]` attribute's value, removed from the list.
fn take_path_attr(attrs: &mut Vec<Attribute>) -> Option<String> {
    let position = attrs.iter().position(|attr| attr.path().is_ident("path"))?;
    let attr = attrs.remove(position);
    match attr.meta {
        Meta::NameValue(pair) => match pair.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(text),
                ..
            }) => Some(text.value()),
            _ => None,
        },
        _ => None,
    }
}

impl<'a> Loader<'a> {
    /// A loader showing paths relative to `display_root`.
    pub fn new(package: &'a Package, cfg: &'a CfgEnv, display_root: &Path) -> Self {
        Loader {
            package,
            cfg,
            display_root: display_root.to_path_buf(),
            files: Vec::new(),
            comments: Vec::new(),
            loading: Vec::new(),
            crate_name: String::new(),
            macros: BTreeMap::new(),
            expansions: 0,
            feature_macros: BTreeMap::new(),
        }
    }

    /// A loader that continues from an earlier one's files and comments (so that a library
    /// loaded once can be shared by several bundles).
    pub fn resume(
        package: &'a Package,
        cfg: &'a CfgEnv,
        display_root: &Path,
        files: Vec<String>,
        comments: Vec<String>,
    ) -> Self {
        let mut loader = Loader::new(package, cfg, display_root);
        loader.files = files;
        loader.comments = comments;
        loader
    }

    /// The path shown for a file: relative to the display root, with `/` separators.
    pub fn shown(&self, path: &Path) -> String {
        relative_path(&normalize(path), &normalize(&self.display_root))
    }

    /// Loads the crate whose root file is `root` (`crate_name` as code sees it).
    pub fn load_crate(&mut self, root: &Path, crate_name: &str) -> Result<LoadedCrate> {
        self.crate_name = crate_name.to_string();
        self.macros.clear();
        self.feature_macros.clear();
        self.expansions = 0;
        let state = DirState {
            dir: root.parent().map(Path::to_path_buf).unwrap_or_default(),
            relative: None,
        };
        let shown = self.shown(root);
        match self.load_file(root, state)? {
            Some((attrs, items)) => {
                self.refuse_feature_macro_calls(&items)?;
                Ok(LoadedCrate { attrs, items })
            }
            None => Err(Error::new(format!(
                "{shown}: the crate root is configured out (#![cfg(...)] is false)"
            ))),
        }
    }

    /// Parses one file and everything it declares. `None` when `#![cfg(test)]` removes it.
    fn load_file(
        &mut self,
        path: &Path,
        state: DirState,
    ) -> Result<Option<(Vec<Attribute>, Vec<Item>)>> {
        let shown = self.shown(path);
        if self.loading.iter().any(|p| p == path) {
            return Err(Error::new(format!("{shown}: module includes itself")));
        }
        let text = fs::read_to_string(path)
            .map_err(|err| Error::new(format!("cannot read {shown}: {err}")))?;
        let text = crate::edition::parseable_text(&text, &self.package.edition).unwrap_or(text);
        let mut file = syn::parse_file(&text).map_err(|err| {
            Error::at(
                &shown,
                err.span().start().line,
                format!("parse error: {err}"),
            )
        })?;
        // Comments are found before cfg removes anything, so that the lines of a removed
        // `#[cfg(test)] mod tests { ... }` are never mistaken for comments between items.
        comments::attach(&text, &mut file.items, &mut self.comments);
        crate::cfg_macros::expand(&mut file.items);
        if !self.cfg.strip_file(&mut file) {
            return Ok(None);
        }
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        includes::expand_file(
            &mut file,
            &Site {
                shown: &shown,
                dir: &dir,
                package: self.package,
                crate_name: &self.crate_name,
            },
        )?;
        if text.contains("include!") {
            // Items spliced in by `include!` have not been through cfg yet.
            self.cfg.strip_file(&mut file);
        }
        crate::verbatim::capture(&text, &mut file.items, &mut self.comments);
        let index = self.files.len();
        self.files.push(shown.clone());
        self.loading.push(path.to_path_buf());
        let loaded = self.load_items(&mut file.items, &state, &shown);
        self.loading.pop();
        loaded?;
        file.items.insert(0, marker_item(MARKER, index));
        Ok(Some((file.attrs, file.items)))
    }

    /// Records a `macro_rules!` definition; writes out in place a call that the loader must
    /// see expanded (see [`crate::item_macros`]), so that the loop then follows it. True when
    /// `items[index]` was replaced.
    fn macro_item(
        &mut self,
        items: &mut Vec<Item>,
        index: usize,
        call: ItemMacro,
        shown: &str,
    ) -> Result<bool> {
        if let Some(name) = &call.ident {
            if call.mac.path.is_ident("macro_rules") {
                if crate::item_macros::feature_dependent(&call) {
                    let place = format!("{shown}:{}", name.span().start().line);
                    self.feature_macros.insert(name.to_string(), place);
                }
                self.macros.insert(name.to_string(), call);
            }
            return Ok(false);
        }
        let Some(name) = call.mac.path.get_ident() else {
            return Ok(false);
        };
        // A macro whose expansion calls itself would never end; rustc reports it.
        if self.expansions >= MAX_EXPANSIONS {
            return Ok(false);
        }
        let Some(definition) = self.macros.get(&name.to_string()) else {
            return Ok(false);
        };
        let Some(mut expanded) = crate::item_macros::expand(definition, &call) else {
            return Ok(false);
        };
        self.expansions += 1;
        self.cfg.strip_items(&mut expanded);
        items.splice(index..=index, expanded);
        Ok(true)
    }

    /// Refuses a call left in the crate of a macro that names a feature through a
    /// metavariable: rustc would take the feature as off whatever Cargo enabled.
    fn refuse_feature_macro_calls(&self, items: &[Item]) -> Result<()> {
        if self.feature_macros.is_empty() {
            return Ok(());
        }
        let tokens: proc_macro2::TokenStream = items
            .iter()
            .flat_map(quote::ToTokens::to_token_stream)
            .collect();
        match called_macro(tokens, &self.feature_macros) {
            Some((name, line)) => Err(Error::new(format!(
                "{}: macro `{name}` names a feature through a metavariable (`feature = $..`) and a call of it (line {line}) could not be written out as items; rustc, given no features, would take that feature as off",
                self.feature_macros[&name]
            ))),
            None => Ok(()),
        }
    }

    /// Follows every `mod` item in `items` (recursively through inline modules).
    fn load_items(&mut self, items: &mut Vec<Item>, state: &DirState, shown: &str) -> Result<()> {
        let mut index = 0;
        while index < items.len() {
            if let Item::Macro(call) = &items[index] {
                if !self.macro_item(items, index, call.clone(), shown)? {
                    index += 1;
                }
                continue;
            }
            let Item::Mod(module) = &mut items[index] else {
                index += 1;
                continue;
            };
            // `mod r#ref;` lives in `ref.rs`.
            let name = syn::ext::IdentExt::unraw(&module.ident).to_string();
            let line = module.span().start().line;
            let path_attr = take_path_attr(&mut module.attrs);
            if let Some((_, children)) = &mut module.content {
                let child = match path_attr {
                    Some(path) => DirState {
                        dir: state.dir.join(path),
                        relative: None,
                    },
                    None => {
                        let mut dir = state.dir.clone();
                        if let Some(relative) = &state.relative {
                            dir.push(relative);
                        }
                        dir.push(&name);
                        DirState {
                            dir,
                            relative: None,
                        }
                    }
                };
                self.load_items(children, &child, shown)?;
                index += 1;
                continue;
            }
            let (file, child) = match path_attr {
                Some(path) => {
                    let file = state.dir.join(path);
                    let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
                    (
                        file,
                        DirState {
                            dir,
                            relative: None,
                        },
                    )
                }
                None => {
                    let mut base = state.dir.clone();
                    if let Some(relative) = &state.relative {
                        base.push(relative);
                    }
                    let default = base.join(format!("{name}.rs"));
                    let secondary = base.join(&name).join("mod.rs");
                    match (default.is_file(), secondary.is_file()) {
                        (true, false) => (
                            default,
                            DirState {
                                dir: base,
                                relative: Some(name.clone()),
                            },
                        ),
                        (false, true) => (
                            secondary,
                            DirState {
                                dir: base.join(&name),
                                relative: None,
                            },
                        ),
                        (true, true) => {
                            return Err(Error::at(
                                shown,
                                line,
                                format!(
                                    "module `{name}` is in both {} and {}",
                                    self.shown(&default),
                                    self.shown(&secondary)
                                ),
                            ))
                        }
                        (false, false) => {
                            return Err(Error::at(
                                shown,
                                line,
                                format!(
                                    "file not found for module `{name}`: neither {} nor {}",
                                    self.shown(&default),
                                    self.shown(&secondary)
                                ),
                            ))
                        }
                    }
                }
            };
            if !file.is_file() {
                return Err(Error::at(
                    shown,
                    line,
                    format!("file not found for module `{name}`: {}", self.shown(&file)),
                ));
            }
            match self.load_file(&file, child)? {
                Some((inner_attrs, children)) => {
                    let Item::Mod(module) = &mut items[index] else {
                        unreachable!("checked above");
                    };
                    module.attrs.extend(inner_attrs);
                    module.content = Some((syn::token::Brace::default(), children));
                    module.semi = None;
                    index += 1;
                }
                None => {
                    items.remove(index);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_paths_are_relative_even_outside_the_root() {
        let root = Path::new("/w/pkg");
        assert_eq!(
            relative_path(Path::new("/w/pkg/src/lib.rs"), root),
            "src/lib.rs"
        );
        assert_eq!(
            relative_path(Path::new("/w/shared/x.rs"), root),
            "../shared/x.rs"
        );
        assert_eq!(
            normalize(Path::new("/w/pkg/src/../lib/./a.rs")),
            Path::new("/w/pkg/lib/a.rs")
        );
    }
}
