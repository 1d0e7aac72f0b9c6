//! The bundler: flattens a crate's binary, and the library of its own package, into one
//! self-contained `main.rs` that plain `rustc --edition 2021 -O main.rs` compiles.
//!
//! The pipeline, one concern per module:
//! 1. [`manifest`]: the package, its library and binaries;
//! 2. [`loader`]: the module trees of the binary and the library, following rustc's rules for
//!    module files, with [`cfg`](mod@cfg) (test code removed), [`includes`] (`include_str!`, `env!`) and
//!    [`comments`] (`//` comments kept) applied to each file as it is read;
//! 3. [`paths`]: the library becomes a module of the binary's crate; paths are rewritten;
//! 4. [`prune`]: only what `main` reaches is kept ([`mentions`] says what each item names);
//! 5. [`attrs`] and [`emit`]: crate-level attributes sorted out, then printed with prettyplease.
//!
//! [`targets`] and [`check`] serve the command line: the workspace's upload targets, atomic
//! writes and the freshness check. [`cli`] is the command line itself.

pub mod attrs;
pub mod cfg;
pub mod check;
pub mod cli;
pub mod comments;
pub mod edition;
pub mod emit;
pub mod error;
pub mod includes;
pub mod loader;
pub mod manifest;
pub mod mentions;
pub mod paths;
pub mod prune;
pub mod targets;
pub mod windows;

use crate::error::Result;
use std::collections::BTreeMap;
use std::path::PathBuf;
use syn::{AttrStyle, Item};

/// What to bundle.
#[derive(Debug, Clone)]
pub struct Request {
    /// The package's `Cargo.toml`.
    pub manifest_path: PathBuf,
    /// The binary target's name.
    pub bin: String,
    /// Paths in markers are shown relative to this folder (default: the package's folder).
    pub display_root: Option<PathBuf>,
    /// The first line of the bundle's header, after `//! `.
    pub header: String,
}

/// A finished bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bundle {
    /// The source text of `main.rs`.
    pub code: String,
    /// Source files with something kept.
    pub files_kept: usize,
    /// Source files loaded but left out entirely.
    pub files_dropped: usize,
    /// Fields and variants of kept types this binary never reads or constructs (marked
    /// `#[allow(dead_code)]` in the bundle), as `Type::member`.
    pub unused_data: Vec<String>,
}

/// Whether `item` is a macro definition at the root or a `#[macro_use]` module (whose macros'
/// textual scope would reach a module placed after them).
fn defines_textual_macros(item: &Item) -> bool {
    match item {
        Item::Macro(mac) => mac.ident.is_some(),
        Item::Mod(module) => module.attrs.iter().any(|a| a.path().is_ident("macro_use")),
        _ => false,
    }
}

/// A library loaded once, for every binary of its package.
#[derive(Debug, Clone)]
struct CachedLib {
    krate: loader::LoadedCrate,
    files: Vec<String>,
    comments: Vec<String>,
}

/// Libraries already loaded, by (library root, display root). Bundling several binaries of one
/// package with the same cache reads and parses the library once.
#[derive(Debug, Clone, Default)]
pub struct Cache {
    libs: BTreeMap<(PathBuf, PathBuf), CachedLib>,
}

/// Bundles one binary of one package.
pub fn bundle(request: &Request) -> Result<Bundle> {
    bundle_cached(request, &mut Cache::default())
}

/// Bundles one binary of one package, reusing (and filling) `cache`.
pub fn bundle_cached(request: &Request, cache: &mut Cache) -> Result<Bundle> {
    let mut package = manifest::read_package(&request.manifest_path)?;
    let bin = package.bin(&request.bin)?.clone();
    package
        .env
        .push(("CARGO_BIN_NAME".to_string(), bin.name.clone()));
    let display_root = request
        .display_root
        .clone()
        .unwrap_or_else(|| package.dir.clone());
    let cfg = cfg::CfgEnv {
        features: package.features.clone(),
    };
    // The library is loaded first (or taken from the cache), then the binary.
    let lib_crate = match &package.lib {
        Some(lib) if lib.path != bin.path => {
            let key = (lib.path.clone(), display_root.clone());
            if !cache.libs.contains_key(&key) {
                let mut loader = loader::Loader::new(&package, &cfg, &display_root);
                let krate = loader.load_crate(&lib.path, &lib.name)?;
                let cached = CachedLib {
                    krate,
                    files: loader.files,
                    comments: loader.comments,
                };
                cache.libs.insert(key.clone(), cached);
            }
            cache
                .libs
                .get(&key)
                .map(|cached| (lib.name.clone(), cached.clone()))
        }
        _ => None,
    };
    let mut loader = match &lib_crate {
        Some((_, cached)) => loader::Loader::resume(
            &package,
            &cfg,
            &display_root,
            cached.files.clone(),
            cached.comments.clone(),
        ),
        None => loader::Loader::new(&package, &cfg, &display_root),
    };
    let bin_crate = loader.load_crate(&bin.path, &bin.name.replace('-', "_"))?;
    let lib_crate = lib_crate.map(|(name, cached)| (name, cached.krate));
    let files = loader.files.clone();

    let mut root_attrs = bin_crate.attrs;
    let mut root_items = bin_crate.items;
    let mut lib_crate = lib_crate;
    if package.edition == "2018" {
        match &mut lib_crate {
            Some((_, krate)) => edition::migrate_2018(&mut [&mut root_items, &mut krate.items]),
            None => edition::migrate_2018(&mut [&mut root_items]),
        }
    }
    let lib_info = lib_crate.as_ref().map(|(name, krate)| paths::LibInfo {
        name: name.clone(),
        module: paths::choose_module_name(name, &root_items),
        exported_macros: paths::exported_macros(&krate.items),
    });
    paths::rewrite_bin(&mut root_items, lib_info.as_ref(), &files)?;
    if let (Some((_, mut krate)), Some(info)) = (lib_crate, &lib_info) {
        paths::rewrite_lib(&mut krate.items, info, &files)?;
        let limits = attrs::take_crate_only(&mut krate.attrs);
        attrs::hoist_limits(&mut root_attrs, limits);
        let ident = syn::Ident::new(&info.module, proc_macro2::Span::call_site());
        let mut module: syn::ItemMod = syn::parse_quote!(mod #ident {});
        module.attrs = krate.attrs;
        module.content = Some((syn::token::Brace::default(), krate.items));
        // Main first reads best; but the binary's own macros would leak into a library placed
        // after them (textual scope), so then the library goes first.
        if root_items.iter().any(defines_textual_macros) {
            root_items.insert(0, Item::Mod(module));
        } else {
            root_items.push(Item::Mod(module));
        }
    }

    let report = prune::prune(&mut root_items);
    attrs::clean_modules(&mut root_items);

    let mut header = Vec::new();
    for line in request.header.lines() {
        let text = format!(" {line}");
        header.push(syn::parse_quote!(#![doc = #text]));
    }
    // The binary's own crate docs follow the header, after an empty line.
    if root_attrs
        .iter()
        .any(|a| a.style != AttrStyle::Outer && a.path().is_ident("doc"))
    {
        header.push(syn::parse_quote!(#![doc = ""]));
    }
    header.extend(root_attrs);
    let code = emit::emit(header, root_items, &files, &loader.comments);
    Ok(Bundle {
        code,
        files_kept: report.kept_files.len(),
        files_dropped: report.all_files.len() - report.kept_files.len(),
        unused_data: report.unused_data,
    })
}
