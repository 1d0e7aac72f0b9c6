//! The bundler: flattens a crate's binary, and the library of its own package, into one
//! self-contained `main.rs` that plain `rustc --edition 2021 -O main.rs` compiles.
//!
//! The pipeline, one concern per module:
//! 1. [`manifest`]: the package, its library and binaries;
//! 2. [`loader`]: the module trees of the binary and the library, following rustc's rules for
//!    module files, with [`cfg_macros`] (`cfg_if!`, `cfg_select!` written out), [`cfg`](mod@cfg)
//!    (test code removed), [`includes`] (`include_str!`, `env!`) and [`comments`] (`//` comments
//!    kept) applied to each file as it is read, and [`item_macros`] (the crate's own macros
//!    whose expansion declares a module file, written out);
//! 3. [`deps`] and [`build_scripts`]: the dependencies as Cargo resolves them, and what their
//!    build scripts tell Cargo; [`proc_macros`]: the calls of proc macros replaced by their
//!    output, run by the toolchain's server ([`macro_server`]); [`paths`]: each library becomes
//!    a module of the binary's crate and paths are rewritten;
//! 4. [`prune`]: only what `main` reaches is kept ([`mentions`] says what each item names);
//! 5. [`attrs`] and [`emit`]: crate-level attributes sorted out, then printed with prettyplease.
//!
//! [`targets`] and [`check`] serve the command line: the workspace's upload targets, atomic
//! writes and the freshness check. [`cli`] is the command line itself.

pub mod attrs;
pub mod build_scripts;
pub mod cap_lints;
pub mod capped;
pub mod cfg;
pub mod cfg_macros;
pub mod check;
pub mod cli;
pub mod comments;
pub mod deps;
pub mod edition;
pub mod edition_2024;
pub mod emit;
pub mod error;
pub mod flatten;
pub mod includes;
pub mod item_macros;
pub mod loader;
pub mod macro_clash;
pub mod macro_rules;
pub mod macro_server;
pub mod manifest;
pub mod mentions;
pub mod pack;
pub mod paths;
pub mod proc_macros;
pub mod prune;
pub mod shrink;
pub mod tail_temporaries;
pub mod targets;
pub mod verbatim;
pub mod verify;
pub mod windows;

use crate::error::Result;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::{AttrStyle, Item};

/// What to bundle.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The package's `Cargo.toml`.
    pub manifest_path: PathBuf,
    /// The binary target's name.
    pub bin: String,
    /// Paths in markers are shown relative to this folder (default: the package's folder).
    pub display_root: Option<PathBuf>,
    /// The first line of the bundle's header, after `//! `.
    pub header: String,
    /// Dependencies the judge provides: named as they are, not bundled (`--exclude`).
    pub exclude: Vec<String>,
    /// The judge's target triple (`--target`): its cfgs are decided and its platform's
    /// dependencies bundled. `None` leaves target cfgs to the judge's rustc.
    pub target: Option<String>,
}

/// A dependency crate loaded for the bundle.
struct LoadedDep {
    krate: loader::LoadedCrate,
    info: paths::LibInfo,
    /// Its exported macros renamed because an earlier crate exports the same name.
    renamed_macros: BTreeMap<String, String>,
    /// Its dependencies: (name its code uses, index in the list of loaded crates).
    deps: Vec<(String, usize)>,
}

/// The `LibInfo` under which a crate's code names a dependency.
fn extern_infos(deps: &[(String, usize)], loaded: &[LoadedDep]) -> Vec<paths::LibInfo> {
    deps.iter()
        .map(|(name, index)| paths::LibInfo {
            name: name.clone(),
            ..loaded[*index].info.clone()
        })
        .collect()
}

/// One crate as its proc macros see it.
struct ProcScope<'a> {
    crate_name: &'a str,
    /// Its proc-macro dependencies and its normal ones, as [`deps::DepCrate`] lists them.
    own: &'a [(String, usize)],
    deps: &'a [(String, usize)],
    /// What Cargo sets for it, and its package folder.
    env: &'a [(String, String)],
    dir: &'a Path,
    /// For a binary, its package's library (its name and items): it may re-export the
    /// package's proc macros.
    own_lib: Option<(&'a str, &'a [Item])>,
}

/// Expands the proc-macro calls in a crate's `items` (see [`proc_macros`]) and renames its
/// calls of dependencies' renamed macros (see [`macro_clash`]); `loaded` holds its
/// dependencies, already expanded.
fn expand_proc_macros(
    expander: &mut proc_macros::Expander,
    krate: &ProcScope,
    resolved: &deps::Resolved,
    built: &build_scripts::Outputs,
    loaded: &[LoadedDep],
    items: &mut Vec<Item>,
) -> Result<()> {
    let mut scope = proc_macros::Scope {
        crate_name: krate.crate_name.to_string(),
        macro_rules: paths::local_macro_names(items),
        dir: krate.dir.to_path_buf(),
        ..proc_macros::Scope::default()
    };
    scope.env = krate.env.to_vec();
    scope.env.push((
        "CARGO_MANIFEST_DIR".to_string(),
        krate.dir.display().to_string(),
    ));
    scope.env.push((
        "CARGO_CRATE_NAME".to_string(),
        krate.crate_name.replace('-', "_"),
    ));
    for (name, index) in krate.own {
        scope.proc_crates.insert(name.clone());
        let hidden: std::collections::BTreeSet<String> =
            krate.own.iter().map(|(n, _)| n.clone()).collect();
        let lib_names = krate
            .own_lib
            .map(|(lib, items)| (lib, proc_macros::root_names(items, &hidden)));
        for mut def in expander.macros_of(&resolved.proc_macros[*index], built)? {
            def.reached_as.insert(name.clone());
            if let Some((lib, names)) = &lib_names {
                def.reached_as.insert(lib.to_string());
                if !names.contains(&def.name) {
                    let facade = scope.facades.entry(lib.to_string()).or_default();
                    facade.insert(def.name.clone());
                }
            }
            scope.macros.push(def);
        }
    }
    // A dependency that re-exports proc macros (a facade): its name reaches them.
    for (name, index) in krate.deps {
        let Some(dep) = loaded.get(*index) else {
            continue;
        };
        scope
            .macro_rules
            .extend(dep.info.exported_macros.iter().cloned());
        let facade = &resolved.crates[*index];
        if facade.proc_macros.is_empty() {
            continue;
        }
        let hidden: std::collections::BTreeSet<String> =
            facade.proc_macros.iter().map(|(n, _)| n.clone()).collect();
        let own_names = proc_macros::root_names(&dep.krate.items, &hidden);
        for (_, proc_index) in &facade.proc_macros {
            for mut def in expander.macros_of(&resolved.proc_macros[*proc_index], built)? {
                if !own_names.contains(&def.name) {
                    scope
                        .facades
                        .entry(name.clone())
                        .or_default()
                        .insert(def.name.clone());
                }
                def.reached_as.insert(name.clone());
                scope.macros.push(def);
            }
        }
    }
    expander.expand_crate(items, &scope)?;
    rename_clashing_macro_calls(items, krate.deps, loaded);
    Ok(())
}

/// Calls through a dependency's name of its renamed exported macros (see [`macro_clash`]).
fn rename_clashing_macro_calls(items: &mut [Item], deps: &[(String, usize)], loaded: &[LoadedDep]) {
    for (name, index) in deps {
        if let Some(dep) = loaded.get(*index).filter(|d| !d.renamed_macros.is_empty()) {
            macro_clash::rename(items, &dep.renamed_macros, Some(name));
        }
    }
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
    /// Shown paths of the source files (what the markers say).
    pub files: Vec<String>,
    /// The folder those paths are relative to (the first), and the folders of dependencies.
    pub display_root: PathBuf,
    pub dependency_roots: Vec<PathBuf>,
    /// The modules at the bundle's root that hold dependencies.
    pub dependency_modules: Vec<String>,
    /// rustc's warnings on the code, each traced to its source file:line.
    pub warnings: Vec<String>,
    /// Who pruned the code.
    pub pruning: Pruning,
}

/// Who decided what the bundle leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pruning {
    /// The bundler's own reachability analysis ([`prune`]); the output compiled.
    Bundler,
    /// The bundler's pruning broke the program (the message says how); rustc's dead-code
    /// lints pruned the whole program instead ([`shrink`]) in this many rounds.
    Rustc { broken: String, rounds: usize },
    /// Not checked with rustc (see [`bundle_unchecked`]).
    Unchecked,
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

/// Bundles one binary of one package; the result compiles (checked with rustc).
pub fn bundle(request: &Request) -> Result<Bundle> {
    bundle_cached(request, &mut Cache::default())
}

/// Bundles one binary of one package, reusing (and filling) `cache`; the result compiles.
pub fn bundle_cached(request: &Request, cache: &mut Cache) -> Result<Bundle> {
    let pruned = bundle_unchecked(request, cache, true)?;
    let checked = verify::check(&pruned.code, request.target.as_deref())?;
    finish(request, cache, pruned, checked)
}

/// Turns a pruned bundle and rustc's verdict on it into the final bundle: kept when it
/// compiles; otherwise the unpruned bundle, checked, pruned by rustc's dead-code lints. An
/// error (tracing each rustc error to its source file:line) when even that does not compile.
pub fn finish(
    request: &Request,
    cache: &mut Cache,
    mut pruned: Bundle,
    checked: verify::Checked,
) -> Result<Bundle> {
    let describe_all = |bundle: &Bundle, checked: &verify::Checked, errors: bool| {
        checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error == errors)
            .map(|d| {
                let roots: Vec<&Path> = std::iter::once(bundle.display_root.as_path())
                    .chain(bundle.dependency_roots.iter().map(PathBuf::as_path))
                    .collect();
                verify::describe(d, &bundle.code, &bundle.files, &roots)
            })
            .collect::<Vec<String>>()
    };
    let target = request.target.as_deref();
    let (code, checked) =
        tail_temporaries::settle(pruned.code, checked, |code| verify::check(code, target))?;
    let (code, checked) = cap_lints::settle(code, checked, &pruned.dependency_modules, |code| {
        verify::check(code, target)
    })?;
    pruned.code = code;
    if !checked.has_errors() {
        // What the bundler kept and rustc calls dead goes too (a foreign crate's bundle; the
        // upload targets have no warnings).
        let dead = checked.warnings().any(|d| {
            matches!(
                d.code.as_deref(),
                Some("dead_code" | "unused_imports" | "unused_macros")
            )
        });
        let mut checked = checked;
        if dead {
            let shrunk = shrink::shrink(pruned.code.clone(), &pruned.files, target)?;
            pruned.code = shrunk.code;
            checked = shrunk.checked;
        }
        pruned.warnings = describe_all(&pruned, &checked, false);
        pruned.pruning = Pruning::Bundler;
        return Ok(pruned);
    }
    let broken = describe_all(&pruned, &checked, true)
        .into_iter()
        .next()
        .unwrap_or_default();
    let mut whole = bundle_unchecked(request, cache, false)?;
    // With the dead-code lints forced on: the first step of the pruning below.
    let whole_checked = verify::check_dead(&whole.code, target)?;
    let (code, whole_checked) = tail_temporaries::settle(whole.code, whole_checked, |code| {
        verify::check_dead(code, target)
    })?;
    let (code, whole_checked) =
        cap_lints::settle(code, whole_checked, &whole.dependency_modules, |code| {
            verify::check_dead(code, target)
        })?;
    whole.code = code;
    if whole_checked.has_errors() {
        let errors = describe_all(&whole, &whole_checked, true);
        return Err(error::Error::new(format!(
            "the bundle does not compile ({} error(s)):\n{}",
            errors.len(),
            errors.join("\n")
        )));
    }
    let shrunk = shrink::shrink_checked(whole.code.clone(), whole_checked, &whole.files, target)?;
    let mut bundle = Bundle {
        code: shrunk.code,
        pruning: Pruning::Rustc {
            broken,
            rounds: shrunk.rounds,
        },
        ..whole
    };
    bundle.warnings = describe_all(&bundle, &shrunk.checked, false);
    let kept = bundle
        .files
        .iter()
        .filter(|f| bundle.code.contains(&format!("// {f}\n")))
        .count();
    bundle.files_dropped = bundle.files.len() - kept;
    bundle.files_kept = kept;
    Ok(bundle)
}

/// Bundles one binary without asking rustc; `prune` false keeps every item.
pub fn bundle_unchecked(request: &Request, cache: &mut Cache, prune: bool) -> Result<Bundle> {
    let mut package = manifest::read_package(&request.manifest_path)?;
    let bin = package.bin(&request.bin)?.clone();
    package
        .env
        .push(("CARGO_BIN_NAME".to_string(), bin.name.clone()));
    let display_root = request
        .display_root
        .clone()
        .unwrap_or_else(|| package.dir.clone());
    let target_cfgs = match &request.target {
        Some(triple) => Some(cfg::target_cfgs(triple)?),
        None => None,
    };
    // Dependencies, as Cargo resolves them, and what the build scripts tell Cargo.
    let excluded: std::collections::BTreeSet<String> = request
        .exclude
        .iter()
        .map(|n| n.replace('-', "_"))
        .collect();
    let own_script = package.build_script.is_some();
    let resolved = if own_script || manifest::needs_dependencies(&request.manifest_path) {
        deps::resolve(&request.manifest_path, &excluded, request.target.as_deref())?
    } else {
        deps::Resolved::default()
    };
    let scripts = if own_script
        || !resolved.proc_macros.is_empty()
        || resolved.crates.iter().any(|dep| dep.build_script.is_some())
    {
        build_scripts::run(&request.manifest_path, &bin.name, request.target.as_deref())?
    } else {
        build_scripts::Outputs::default()
    };
    let mut cfg = cfg::CfgEnv {
        features: package.features.clone(),
        target: target_cfgs.clone(),
        ..cfg::CfgEnv::default()
    };
    if own_script {
        let output = build_scripts::own_output(
            &request.manifest_path,
            &package,
            &resolved.root_id,
            &scripts,
        )?;
        cfg.set = output.cfgs.clone();
        package.env.extend(output.env.iter().cloned());
    }
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
    let mut files = std::mem::take(&mut loader.files);
    let mut comments = std::mem::take(&mut loader.comments);
    drop(loader);

    // Each dependency's files are shown under its folder's name (`either-1.15.0/src/lib.rs`).
    let mut loaded: Vec<LoadedDep> = Vec::new();
    let mut macros = proc_macros::Expander::default();
    let mut exported_so_far: std::collections::BTreeSet<String> = Default::default();
    let mut dependency_roots = Vec::new();
    let mut taken: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    for dep in &resolved.crates {
        let mut dep_package = manifest::read_dependency(&dep.manifest_path)?;
        dep_package.features = dep.features.clone();
        let mut dep_cfg = cfg::CfgEnv {
            features: dep.features.clone(),
            target: target_cfgs.clone(),
            ..cfg::CfgEnv::default()
        };
        if let Some(script) = &dep.build_script {
            let output = build_scripts::output_for(dep, script, &scripts)?;
            dep_cfg.set = output.cfgs.clone();
            dep_package.env.extend(output.env.iter().cloned());
        }
        let dep_dir = dep
            .manifest_path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let shown_root = dep_dir.parent().map(Path::to_path_buf).unwrap_or_default();
        if !dependency_roots.contains(&shown_root) {
            dependency_roots.push(shown_root.clone());
        }
        let mut dep_loader =
            loader::Loader::resume(&dep_package, &dep_cfg, &shown_root, files, comments);
        let mut krate = dep_loader.load_crate(&dep.lib_path, &dep.crate_name)?;
        files = std::mem::take(&mut dep_loader.files);
        comments = std::mem::take(&mut dep_loader.comments);
        let scope = ProcScope {
            crate_name: &dep.crate_name,
            own: &dep.proc_macros,
            deps: &dep.deps,
            env: &dep_package.env,
            dir: &dep_dir,
            own_lib: None,
        };
        expand_proc_macros(
            &mut macros,
            &scope,
            &resolved,
            &scripts,
            &loaded,
            &mut krate.items,
        )?;
        if dep.edition == "2015" {
            edition::migrate_2015(&mut krate.items);
        }
        if dep.edition == "2015" || dep.edition == "2018" {
            edition::migrate_2018(&mut [&mut krate.items]);
        }
        if dep.edition == "2024" {
            edition_2024::migrate(&mut krate.items);
        }
        // Not a name the binary's root uses, nor another crate's.
        let mut module = paths::choose_module_name(&dep.crate_name, &bin_crate.items);
        let mut counter = 2;
        while taken.contains(&module) {
            module = format!("{}_{counter}", dep.crate_name);
            counter += 1;
        }
        taken.insert(module.clone());
        let renamed_macros: BTreeMap<String, String> = paths::exported_macros(&krate.items)
            .into_iter()
            .filter(|name| exported_so_far.contains(name))
            .map(|name| {
                let new = format!("{name}_{module}");
                (name, new)
            })
            .collect();
        macro_clash::rename(&mut krate.items, &renamed_macros, None);
        let exported_macros = paths::exported_macros(&krate.items);
        let info = paths::LibInfo {
            name: dep.crate_name.clone(),
            module,
            item_macros: paths::item_macros(&krate.items, &exported_macros),
            exported_macros,
        };
        exported_so_far.extend(info.exported_macros.iter().cloned());
        loaded.push(LoadedDep {
            krate,
            info,
            renamed_macros,
            deps: dep.deps.clone(),
        });
    }

    let mut root_attrs = bin_crate.attrs;
    let mut root_items = bin_crate.items;
    let mut lib_crate = lib_crate;
    let mut root_scope = ProcScope {
        crate_name: &package.name,
        own: &resolved.root_proc_macros,
        deps: &resolved.root_deps,
        env: &package.env,
        dir: &package.dir,
        own_lib: None,
    };
    if let Some((_, krate)) = &mut lib_crate {
        expand_proc_macros(
            &mut macros,
            &root_scope,
            &resolved,
            &scripts,
            &loaded,
            &mut krate.items,
        )?;
    }
    root_scope.own_lib = lib_crate
        .as_ref()
        .map(|(name, krate)| (name.as_str(), krate.items.as_slice()));
    expand_proc_macros(
        &mut macros,
        &root_scope,
        &resolved,
        &scripts,
        &loaded,
        &mut root_items,
    )?;
    if package.edition == "2015" {
        edition::migrate_2015(&mut root_items);
        if let Some((_, krate)) = &mut lib_crate {
            edition::migrate_2015(&mut krate.items);
        }
    }
    if package.edition == "2015" || package.edition == "2018" {
        match &mut lib_crate {
            Some((_, krate)) => edition::migrate_2018(&mut [&mut root_items, &mut krate.items]),
            None => edition::migrate_2018(&mut [&mut root_items]),
        }
    }
    if package.edition == "2024" {
        edition_2024::migrate(&mut root_items);
        if let Some((_, krate)) = &mut lib_crate {
            edition_2024::migrate(&mut krate.items);
        }
    }
    let lib_info = lib_crate.as_ref().map(|(name, krate)| {
        let mut module = paths::choose_module_name(name, &root_items);
        while taken.contains(&module) {
            module.push_str("_lib");
        }
        let exported_macros = paths::exported_macros(&krate.items);
        paths::LibInfo {
            name: name.clone(),
            module,
            item_macros: paths::item_macros(&krate.items, &exported_macros),
            exported_macros,
        }
    });
    let deps = paths::Deps {
        externs: extern_infos(&resolved.root_deps, &loaded),
        excluded: excluded.clone(),
    };
    paths::rewrite_bin(&mut root_items, lib_info.as_ref(), &files, &deps)?;
    let mut hoisted: Vec<Item> = Vec::new();
    let mut dep_modules = Vec::new();
    let dependency_modules: Vec<String> = loaded.iter().map(|l| l.info.module.clone()).collect();
    for index in 0..loaded.len() {
        let taken = paths::take_extern_alloc(&mut loaded[index].krate.items);
        // A renamed `alloc` (`extern crate alloc as stdalloc;`) is named as it is.
        let mut own = paths::Deps {
            externs: extern_infos(&loaded[index].deps, &loaded),
            excluded: excluded.clone(),
        };
        own.excluded
            .extend(taken.iter().filter_map(paths::extern_binding));
        hoisted.extend(taken);
        let info = loaded[index].info.clone();
        let krate = &mut loaded[index].krate;
        paths::rewrite_lib(&mut krate.items, &info, &files, &own)?;
        let limits = attrs::take_crate_only(&mut krate.attrs);
        attrs::hoist_limits(&mut root_attrs, limits);
        attrs::drop_raised_lints(&mut krate.attrs, true);
        let ident = syn::Ident::new(&info.module, proc_macro2::Span::call_site());
        let mut module: syn::ItemMod = syn::parse_quote!(mod #ident {});
        module.attrs = std::mem::take(&mut krate.attrs);
        module.content = Some((
            syn::token::Brace::default(),
            std::mem::take(&mut krate.items),
        ));
        dep_modules.push(Item::Mod(module));
    }
    if let (Some((_, mut krate)), Some(info)) = (lib_crate, &lib_info) {
        let taken = paths::take_extern_alloc(&mut krate.items);
        let mut deps = deps.clone();
        deps.excluded
            .extend(taken.iter().filter_map(paths::extern_binding));
        hoisted.extend(taken);
        paths::rewrite_lib(&mut krate.items, info, &files, &deps)?;
        let limits = attrs::take_crate_only(&mut krate.attrs);
        attrs::hoist_limits(&mut root_attrs, limits);
        attrs::drop_raised_lints(&mut krate.attrs, false);
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
    // Dependencies after what uses them, in the same way.
    if root_items.iter().any(defines_textual_macros) {
        for (offset, module) in dep_modules.into_iter().enumerate() {
            root_items.insert(offset, module);
        }
    } else {
        root_items.extend(dep_modules);
    }
    paths::put_extern_alloc(&mut root_items, hoisted);

    let report = if prune {
        prune::prune(&mut root_items)
    } else {
        prune::PruneReport::default()
    };
    if let (true, Some(info)) = (prune, &lib_info) {
        flatten::flatten(&mut root_items, &info.module);
    }
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
    let code = emit::emit(header, root_items, &files, &comments);
    Ok(Bundle {
        code,
        files_kept: report.kept_files.len(),
        files_dropped: report.all_files.len() - report.kept_files.len(),
        unused_data: report.unused_data,
        files,
        display_root,
        dependency_roots,
        dependency_modules,
        warnings: Vec::new(),
        pruning: Pruning::Unchecked,
    })
}
