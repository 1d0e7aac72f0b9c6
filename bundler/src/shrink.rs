//! Pruning decided by rustc: the fallback when the bundler's own pruning broke a program.
//!
//! The unpruned bundle is compiled (metadata only) and what rustc's `dead_code`,
//! `unused_imports` and `unused_macros` lints name is removed from the text, with the impls of
//! removed types and traits; then again, to a fixpoint. A round whose result does not compile is
//! retried without the removal of types and traits, and otherwise undone, so the result always
//! compiles when its input did. Items inside item-position macro calls and `extern` blocks
//! count too. When every attempt at a round breaks the program, the rounds go on with only the
//! dead items whose names nothing else in the code uses, a layer at a time.

use crate::error::Result;
use crate::verify::{self, Checked};
use proc_macro2::LineColumn;
use std::collections::{BTreeMap, BTreeSet};
use syn::spanned::Spanned;
use syn::{ForeignItem, ImplItem, Item, TraitItem, UseTree};

/// The most compile-and-remove rounds.
const MAX_ROUNDS: usize = 8;

/// The most rounds when only items nothing else names are removed (one rustc check each).
const MAX_LEAF_ROUNDS: usize = 32;

/// The most attempts at one round.
const MAX_RETRIES: usize = 4;

/// The identifiers inside the backquoted parts of a rustc message (`LazySegtree<F>`: both).
fn quoted_names(message: &str) -> BTreeSet<String> {
    message
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|quoted| {
            quoted
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|word| !word.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A shrunk bundle and what rustc says about it.
#[derive(Debug, Clone)]
pub struct Shrunk {
    pub code: String,
    pub checked: Checked,
    /// Compile-and-remove rounds that removed something.
    pub rounds: usize,
}

/// A span as rustc gives it: (line, column, end line, end column), 1-based columns.
type RustcSpan = (usize, usize, usize, usize);

fn lints(checked: &Checked) -> Vec<RustcSpan> {
    checked
        .warnings()
        .filter(|d| {
            matches!(
                d.code.as_deref(),
                Some("dead_code" | "unused_imports" | "unused_macros")
            )
        })
        .flat_map(|d| d.spans.iter().copied())
        .collect()
}

/// Removes what rustc calls dead from `code` (which must compile), to a fixpoint.
pub fn shrink(code: String, files: &[String], target: Option<&str>) -> Result<Shrunk> {
    let checked = verify::check_dead(&code, target)?;
    shrink_checked(code, checked, files, target)
}

/// [`shrink`] with the first [`verify::check_dead`] of `code` already done.
pub fn shrink_checked(
    code: String,
    checked: Checked,
    files: &[String],
    target: Option<&str>,
) -> Result<Shrunk> {
    let mut current = Shrunk {
        code,
        checked,
        rounds: 0,
    };
    // Names whose removal broke the program stay excluded in later rounds.
    let mut excludes = [BTreeSet::new(), BTreeSet::new()];
    // Once removing everything rustc names keeps breaking the program, only what nothing else
    // names goes, a layer a round.
    let mut leaves_only = false;
    for round in 0..MAX_LEAF_ROUNDS {
        let spans = lints(&current.checked);
        if spans.is_empty() || (!leaves_only && round >= MAX_ROUNDS) {
            break;
        }
        let mut advanced = false;
        // A removal that breaks the program is retried without the items rustc's errors name,
        // and at last without removing the macro calls that implement removed traits.
        if !leaves_only {
            'attempts: for (macro_calls, exclude) in
                [true, false].into_iter().zip(excludes.iter_mut())
            {
                for _ in 0..MAX_RETRIES {
                    let next = remove(&current.code, &spans, files, exclude, macro_calls);
                    if next == current.code {
                        break;
                    }
                    let checked = verify::check_dead(&next, target)?;
                    if !checked.has_errors() {
                        current = Shrunk {
                            code: next,
                            checked,
                            rounds: current.rounds + 1,
                        };
                        advanced = true;
                        break 'attempts;
                    }
                    let before = exclude.len();
                    for error in checked.errors() {
                        exclude.extend(quoted_names(&error.message));
                    }
                    if exclude.len() == before {
                        break;
                    }
                }
            }
        }
        if !advanced {
            let mut exclude = named_elsewhere(&current.code);
            exclude.extend(excludes[1].iter().cloned());
            let next = remove(&current.code, &spans, files, &exclude, false);
            if next == current.code {
                break;
            }
            let checked = verify::check_dead(&next, target)?;
            if checked.has_errors() {
                break;
            }
            current = Shrunk {
                code: next,
                checked,
                rounds: current.rounds + 1,
            };
            leaves_only = true;
        }
    }
    let tidy = remove_empty(&current.code, files);
    if tidy != current.code {
        let checked = verify::check(&tidy, target)?;
        if !checked.has_errors() {
            current.code = tidy;
        }
    }
    // What the user gets: the lints as the source sets them.
    current.checked = verify::check(&current.code, target)?;
    Ok(current)
}

fn start(span: proc_macro2::Span) -> LineColumn {
    span.start()
}

/// Whether the ident at `span` lies within one of rustc's spans.
fn named(span: proc_macro2::Span, spans: &[RustcSpan]) -> bool {
    let (s, e) = (span.start(), span.end());
    spans.iter().any(|&(line, column, end_line, end_column)| {
        let after_start = (s.line, s.column + 1) >= (line, column);
        let before_end = (e.line, e.column + 1) <= (end_line, end_column);
        after_start && before_end
    })
}

/// The name a type or trait path ends with (`a::B<T>` → `B`), through references.
fn last_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        syn::Type::Reference(reference) => last_name(&reference.elem),
        syn::Type::Paren(paren) => last_name(&paren.elem),
        _ => None,
    }
}

/// An impl block seen while walking, for the second pass.
struct ImplSite {
    module: usize,
    lines: (usize, usize),
    self_name: Option<String>,
    trait_name: Option<String>,
    /// (member name, lines)
    members: Vec<(String, (usize, usize))>,
}

#[derive(Default)]
struct Plan<'a> {
    spans: &'a [RustcSpan],
    /// Names not to remove (a removal of them broke the program).
    exclude: Option<&'a BTreeSet<String>>,
    /// Whether item-position calls of macros whose body names a removed type or trait go too.
    macro_calls: bool,
    /// `macro_rules!` definitions: name → identifiers in the body.
    macro_bodies: BTreeMap<String, BTreeSet<String>>,
    /// Item-position macro calls: (macro name, lines).
    calls: Vec<(String, (usize, usize))>,
    /// Line ranges (1-based, inclusive) to delete.
    delete: Vec<(usize, usize)>,
    /// Line ranges to replace by new text (a `use` with some leaves gone).
    replace: Vec<((usize, usize), String)>,
    /// Removed types and traits: (module, name).
    removed_types: BTreeSet<(usize, String)>,
    /// Members removed from traits: (trait name, member name).
    removed_trait_members: BTreeSet<(String, String)>,
    /// How many types or traits of each name the bundle declares.
    declared: BTreeMap<String, usize>,
    impls: Vec<ImplSite>,
    modules: usize,
}

fn lines_of(span: proc_macro2::Span) -> (usize, usize) {
    (span.start().line, span.end().line)
}

/// The identifiers the code names more than once, not counting a type's name inside its own
/// impls (removed with it): what removing a dead item of that name could break.
fn named_elsewhere(code: &str) -> BTreeSet<String> {
    use quote::ToTokens;
    fn count(tokens: proc_macro2::TokenStream, counts: &mut BTreeMap<String, isize>) {
        for tree in tokens {
            match tree {
                proc_macro2::TokenTree::Ident(ident) => {
                    *counts.entry(ident.to_string()).or_default() += 1;
                }
                proc_macro2::TokenTree::Group(group) => count(group.stream(), counts),
                _ => {}
            }
        }
    }
    fn own_impls(items: &[Item], counts: &mut BTreeMap<String, isize>) {
        for item in items {
            match item {
                Item::Mod(module) => {
                    if let Some((_, children)) = &module.content {
                        own_impls(children, counts);
                    }
                }
                Item::Impl(block) => {
                    let Some(name) = last_name(&block.self_ty) else {
                        continue;
                    };
                    let mut inside = BTreeMap::new();
                    count(block.to_token_stream(), &mut inside);
                    *counts.entry(name.clone()).or_default() -=
                        inside.get(&name).copied().unwrap_or(0);
                }
                _ => {}
            }
        }
    }
    let Ok(file) = syn::parse_file(code) else {
        return BTreeSet::new();
    };
    let mut counts = BTreeMap::new();
    count(file.to_token_stream(), &mut counts);
    own_impls(&file.items, &mut counts);
    counts
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(name, _)| name)
        .collect()
}

/// A piece of a macro call's tokens: the name it declares, if one is seen, and its lines.
struct Piece {
    ident: Option<syn::Ident>,
    is_type: bool,
    lines: (usize, usize),
}

/// The name an item declares, and whether it is a type or trait (its impls go with it).
pub(crate) fn item_name(item: &Item) -> Option<(&syn::Ident, bool)> {
    match item {
        Item::Fn(f) => Some((&f.sig.ident, false)),
        Item::Const(c) => Some((&c.ident, false)),
        Item::Static(s) => Some((&s.ident, false)),
        Item::Macro(m) => m.ident.as_ref().map(|i| (i, false)),
        Item::Struct(s) => Some((&s.ident, true)),
        Item::Enum(e) => Some((&e.ident, true)),
        Item::Union(u) => Some((&u.ident, true)),
        Item::Type(t) => Some((&t.ident, true)),
        Item::Trait(t) => Some((&t.ident, true)),
        _ => None,
    }
}

fn item_piece(item: &Item) -> Piece {
    let named = item_name(item);
    Piece {
        ident: named.map(|(ident, _)| ident.clone()),
        is_type: named.is_some_and(|(_, is_type)| is_type),
        lines: lines_of(item.span()),
    }
}

/// A piece's name is the identifier after its first item keyword.
fn token_pieces(tokens: proc_macro2::TokenStream) -> Vec<Piece> {
    crate::verbatim::split_items(tokens)
        .iter()
        .map(|trees| token_piece(trees))
        .collect()
}

fn token_piece(trees: &[proc_macro2::TokenTree]) -> Piece {
    use proc_macro2::TokenTree;
    const KEYWORDS: [&str; 7] = ["fn", "const", "static", "struct", "enum", "union", "type"];
    let named = trees.windows(2).find_map(|pair| match pair {
        [TokenTree::Ident(keyword), TokenTree::Ident(name)]
            if KEYWORDS.contains(&keyword.to_string().as_str())
                && !["fn", "safe", "unsafe", "async", "extern"]
                    .contains(&name.to_string().as_str()) =>
        {
            Some((
                name.clone(),
                ["struct", "enum", "union", "type"].contains(&keyword.to_string().as_str()),
            ))
        }
        _ => None,
    });
    let first = trees.first().map_or(0, |t| t.span().start().line);
    let last = trees.last().map_or(0, |t| t.span().end().line);
    Piece {
        ident: named.as_ref().map(|(name, _)| name.clone()),
        is_type: named.is_some_and(|(_, is_type)| is_type),
        lines: (first, last),
    }
}

impl Plan<'_> {
    /// Whether rustc calls the item named by `ident` dead and it may go.
    fn dead(&self, ident: &syn::Ident) -> bool {
        named(ident.span(), self.spans) && !self.excluded(&ident.to_string())
    }

    fn excluded(&self, name: &str) -> bool {
        self.exclude.is_some_and(|names| names.contains(name))
    }

    fn walk(&mut self, items: &[Item], module: usize) {
        for item in items {
            if let Some((ident, is_type)) = item_name(item) {
                if is_type {
                    *self.declared.entry(ident.to_string()).or_default() += 1;
                }
                if self.dead(ident) {
                    self.delete.push(lines_of(item.span()));
                    if is_type {
                        self.removed_types.insert((module, ident.to_string()));
                    }
                    continue;
                }
            }
            if let Item::Macro(m) = item {
                let name = m.mac.path.segments.last().map(|s| s.ident.to_string());
                match (&m.ident, name) {
                    (Some(defined), _) => {
                        let mut words = BTreeSet::new();
                        idents_in(m.mac.tokens.clone(), &mut words);
                        self.macro_bodies.insert(defined.to_string(), words);
                    }
                    (None, Some(called)) => self.calls.push((called, lines_of(item.span()))),
                    _ => {}
                }
            }
            match item {
                Item::Mod(m) => {
                    if let Some((_, children)) = &m.content {
                        self.modules += 1;
                        let id = self.modules;
                        self.walk(children, id);
                    }
                }
                Item::Trait(t) if !self.excluded(&t.ident.to_string()) => {
                    for member in &t.items {
                        let ident = match member {
                            TraitItem::Fn(f) => &f.sig.ident,
                            TraitItem::Const(c) => &c.ident,
                            TraitItem::Type(t) => &t.ident,
                            _ => continue,
                        };
                        if self.dead(ident) {
                            self.delete.push(lines_of(member.span()));
                            self.removed_trait_members
                                .insert((t.ident.to_string(), ident.to_string()));
                        }
                    }
                }
                Item::Impl(block) => {
                    let mut members = Vec::new();
                    for member in &block.items {
                        let ident = match member {
                            ImplItem::Fn(f) => &f.sig.ident,
                            ImplItem::Const(c) => &c.ident,
                            ImplItem::Type(t) => &t.ident,
                            _ => continue,
                        };
                        if self.dead(ident) {
                            self.delete.push(lines_of(member.span()));
                        } else {
                            members.push((ident.to_string(), lines_of(member.span())));
                        }
                    }
                    self.impls.push(ImplSite {
                        module,
                        lines: lines_of(item.span()),
                        self_name: last_name(&block.self_ty),
                        trait_name: block
                            .trait_
                            .as_ref()
                            .and_then(|(_, path, _)| path.segments.last())
                            .map(|s| s.ident.to_string()),
                        members,
                    });
                }
                Item::Use(u) => self.walk_use(u),
                Item::ForeignMod(block) => {
                    for member in &block.items {
                        let ident = match member {
                            ForeignItem::Fn(f) => &f.sig.ident,
                            ForeignItem::Static(s) => &s.ident,
                            ForeignItem::Type(t) => &t.ident,
                            _ => continue,
                        };
                        if self.dead(ident) {
                            self.delete.push(lines_of(member.span()));
                        }
                    }
                }
                Item::Macro(m) if m.ident.is_none() => self.walk_call(m, module),
                _ => {}
            }
        }
    }

    /// An item-position macro call whose tokens are items (`s! { pub struct stat { .. } }`):
    /// the items rustc calls dead go, or the whole call when every item it declares does. An
    /// item shares no line with another or with the call's braces, or stays. Tokens that are not
    /// items (`f! { pub const safe fn .. }`) are cut as [`crate::verbatim::split_items`] does.
    fn walk_call(&mut self, call: &syn::ItemMacro, module: usize) {
        let call_lines = lines_of(call.span());
        let pieces = match syn::parse2::<syn::File>(call.mac.tokens.clone()) {
            Ok(inner) => inner.items.iter().map(item_piece).collect(),
            Err(_) => token_pieces(call.mac.tokens.clone()),
        };
        let ranges: Vec<(usize, usize)> = pieces.iter().map(|p| p.lines).collect();
        // On lines of its own: no other piece and neither of the call's braces shares one.
        let alone = |index: usize| {
            let (first, last) = ranges[index];
            first > call_lines.0
                && last < call_lines.1
                && ranges
                    .iter()
                    .enumerate()
                    .all(|(other, &(a, b))| other == index || b < first || a > last)
        };
        let mut dead = Vec::new();
        let mut alive = 0;
        let mut unnamed = 0;
        for (index, piece) in pieces.iter().enumerate() {
            let Some(ident) = &piece.ident else {
                unnamed += 1;
                continue;
            };
            if piece.is_type {
                *self.declared.entry(ident.to_string()).or_default() += 1;
            }
            if self.dead(ident) {
                dead.push((index, piece.is_type.then(|| ident.to_string())));
            } else {
                alive += 1;
            }
        }
        // Pieces that declare no name rustc can point at (`pub enum #anon { pub A = 1, .. }`):
        // the call goes when rustc calls something in it dead, and comes back, through the
        // names its errors give, if that broke the program.
        let mut words = BTreeSet::new();
        idents_in(call.mac.tokens.clone(), &mut words);
        let speculative = self.macro_calls
            && alive == 0
            && unnamed > 0
            && self
                .spans
                .iter()
                .any(|&(line, _, end, _)| line >= call_lines.0 && end <= call_lines.1)
            && !words.iter().any(|word| self.excluded(word));
        if (alive == 0 && unnamed == 0 && !dead.is_empty()) || speculative {
            self.delete.push(call_lines);
        } else {
            dead.retain(|(index, _)| alone(*index));
            for (index, _) in &dead {
                self.delete.push(ranges[*index]);
            }
        }
        for (_, type_name) in dead {
            if let Some(name) = type_name {
                self.removed_types.insert((module, name));
            }
        }
    }

    fn walk_use(&mut self, item: &syn::ItemUse) {
        let mut leaves = Vec::new();
        collect_leaves(&item.tree, &mut leaves);
        let dead: Vec<bool> = leaves.iter().map(|s| named(*s, self.spans)).collect();
        if !dead.contains(&true) {
            return;
        }
        if !dead.contains(&false) {
            self.delete.push(lines_of(item.span()));
            return;
        }
        let mut kept = item.clone();
        let mut index = 0;
        if !prune_use(&mut kept.tree, &dead, &mut index) {
            self.delete.push(lines_of(item.span()));
            return;
        }
        let printed = prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items: vec![Item::Use(kept)],
        });
        let indent = " ".repeat(start(item.span()).column);
        let text: Vec<String> = printed
            .lines()
            .map(|line| format!("{indent}{line}"))
            .collect();
        self.replace.push((lines_of(item.span()), text.join("\n")));
    }

    /// Item-position calls of the macros whose body names a removed type or trait.
    fn follow_macro_calls(&mut self) {
        if !self.macro_calls {
            return;
        }
        let removed: BTreeSet<&String> = self.removed_types.iter().map(|(_, n)| n).collect();
        for (name, lines) in &self.calls {
            let generates = self
                .macro_bodies
                .get(name)
                .is_some_and(|words| words.iter().any(|w| removed.contains(w)));
            if generates {
                self.delete.push(*lines);
            }
        }
    }

    /// Impls of removed types and traits, and members of removed trait members in impls.
    fn follow_impls(&mut self) {
        for site in &self.impls {
            let gone = |name: &Option<String>| {
                name.as_ref().is_some_and(|name| {
                    self.removed_types.contains(&(site.module, name.clone()))
                        || (self.declared.get(name) == Some(&1)
                            && self.removed_types.iter().any(|(_, n)| n == name))
                })
            };
            if gone(&site.self_name) || gone(&site.trait_name) {
                self.delete.push(site.lines);
                continue;
            }
            if let Some(trait_name) = &site.trait_name {
                for (member, lines) in &site.members {
                    if self
                        .removed_trait_members
                        .contains(&(trait_name.clone(), member.clone()))
                    {
                        self.delete.push(*lines);
                    }
                }
            }
        }
    }
}

fn idents_in(tokens: proc_macro2::TokenStream, out: &mut BTreeSet<String>) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(ident) => {
                out.insert(ident.to_string());
            }
            proc_macro2::TokenTree::Group(group) => idents_in(group.stream(), out),
            _ => {}
        }
    }
}

fn collect_leaves(tree: &UseTree, out: &mut Vec<proc_macro2::Span>) {
    match tree {
        UseTree::Path(path) => collect_leaves(&path.tree, out),
        UseTree::Name(name) => out.push(name.ident.span()),
        UseTree::Rename(rename) => out.push(rename.rename.span()),
        UseTree::Glob(glob) => out.push(glob.star_token.span()),
        UseTree::Group(group) => group.items.iter().for_each(|t| collect_leaves(t, out)),
    }
}

/// Drops the dead leaves (in `collect_leaves` order); false when nothing is left.
fn prune_use(tree: &mut UseTree, dead: &[bool], index: &mut usize) -> bool {
    match tree {
        UseTree::Path(path) => prune_use(&mut path.tree, dead, index),
        UseTree::Name(_) | UseTree::Rename(_) | UseTree::Glob(_) => {
            let keep = !dead[*index];
            *index += 1;
            keep
        }
        UseTree::Group(group) => {
            let items = std::mem::take(&mut group.items);
            for mut item in items {
                if prune_use(&mut item, dead, index) {
                    group.items.push(item);
                }
            }
            !group.items.is_empty()
        }
    }
}

fn is_marker(line: &str, files: &[String]) -> bool {
    line.trim_start()
        .strip_prefix("// ")
        .is_some_and(|shown| files.iter().any(|f| f == shown))
}

/// Applies deletions and replacements to the text; comments right above a deleted item go
/// with it, and the empty line the item leaves behind too.
fn apply(
    code: &str,
    delete: &[(usize, usize)],
    replace: &[((usize, usize), String)],
    files: &[String],
) -> String {
    let lines: Vec<&str> = code.lines().collect();
    let mut keep = vec![true; lines.len() + 2];
    let mut substitute: BTreeMap<usize, &str> = BTreeMap::new();
    for &((first, last), ref text) in replace {
        keep[first..=last].fill(false);
        keep[first] = true;
        substitute.insert(first, text);
    }
    for &(first, last) in delete {
        let last = last.min(lines.len());
        keep[first..=last].fill(false);
        substitute.retain(|line, _| !(first..=last).contains(line));
        let mut above = first;
        while above > 1 {
            let text = lines[above - 2].trim_start();
            let comment = text.starts_with("//") && !text.starts_with("//!");
            if !comment || is_marker(text, files) || !keep[above - 1] {
                break;
            }
            above -= 1;
            keep[above] = false;
        }
    }
    let mut out = String::with_capacity(code.len());
    let mut previous_blank = true;
    let mut previous_opens = false;
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        if !keep[number] {
            continue;
        }
        let text = substitute.get(&number).copied().unwrap_or(line);
        let blank = text.trim().is_empty();
        // No doubled empty lines, and none right after an opening brace.
        if blank && (previous_blank || previous_opens) {
            continue;
        }
        if text.trim() == "}" && out.ends_with("\n\n") {
            out.pop();
        }
        out.push_str(text);
        out.push('\n');
        previous_blank = blank;
        previous_opens = text.trim_end().ends_with('{');
    }
    out
}

/// One round: what rustc named, and what goes with it.
fn remove(
    code: &str,
    spans: &[RustcSpan],
    files: &[String],
    exclude: &BTreeSet<String>,
    macro_calls: bool,
) -> String {
    let Ok(file) = syn::parse_file(code) else {
        return code.to_string();
    };
    let mut plan = Plan {
        spans,
        exclude: Some(exclude),
        macro_calls,
        ..Plan::default()
    };
    plan.walk(&file.items, 0);
    plan.follow_impls();
    plan.follow_macro_calls();
    apply(code, &plan.delete, &plan.replace, files)
}

/// Removes modules with no items left and inherent impls with no members.
pub fn remove_empty(code: &str, files: &[String]) -> String {
    fn walk(items: &[Item], out: &mut Vec<(usize, usize)>) -> bool {
        let mut any = false;
        for item in items {
            match item {
                Item::Mod(m) => match &m.content {
                    Some((_, children)) if !walk(children, out) => {
                        out.push(lines_of(item.span()));
                    }
                    _ => any = true,
                },
                Item::Impl(block) if block.trait_.is_none() && block.items.is_empty() => {
                    out.push(lines_of(item.span()));
                }
                _ => any = true,
            }
        }
        any
    }
    let mut current = code.to_string();
    loop {
        let Ok(file) = syn::parse_file(&current) else {
            return current;
        };
        let mut delete = Vec::new();
        walk(&file.items, &mut delete);
        if delete.is_empty() {
            return current;
        }
        let next = apply(&current, &delete, &[], files);
        if next == current {
            return current;
        }
        current = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shrunk(code: &str) -> String {
        shrink(code.to_string(), &["src/lib.rs".to_string()], None)
            .expect("rustc")
            .code
    }

    #[test]
    fn rustc_names_what_goes() {
        let code = "use std::fmt::{self, Display, Write};\n\nfn main() {\n    println!(\"{}\", lib::used(2));\n}\n\nmod lib {\n    // src/lib.rs\n    use std::collections::HashMap;\n\n    pub fn used(x: u32) -> u32 {\n        x + 1\n    }\n\n    // Gone with its comment.\n    pub fn unused() -> HashMap<u32, u32> {\n        HashMap::new()\n    }\n\n    pub struct Dead(pub u32);\n\n    impl Dead {\n        pub fn get(&self) -> u32 {\n            self.0\n        }\n    }\n\n    impl std::fmt::Display for Dead {\n        fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {\n            write!(f, \"{}\", self.0)\n        }\n    }\n\n    pub mod empty {\n        pub fn nothing() {}\n    }\n}\n";
        let out = shrunk(code);
        assert!(out.contains("pub fn used"), "{out}");
        for gone in [
            "unused",
            "Dead",
            "HashMap",
            "Gone with",
            "mod empty",
            "use std",
        ] {
            assert!(!out.contains(gone), "`{gone}` left in:\n{out}");
        }
        assert!(out.contains("// src/lib.rs"), "{out}");
        assert!(
            verify::check(&out, None)
                .expect("rustc")
                .diagnostics
                .is_empty(),
            "{out}"
        );
    }

    #[test]
    fn items_in_macro_calls_and_extern_blocks_go_too() {
        let code = r#"fn main() {
    println!("{}", lib::Kept { x: 1 }.x + lib::one() + unsafe { lib::abs(-1) } as u32);
}

mod lib {
    // src/lib.rs
    macro_rules! s {
        ($($i:item)*) => { $( #[derive(Clone)] $i )* };
    }

    macro_rules! f {
        ($(pub const safe fn $name:ident() -> u32 $body:block)*) => {
            $( pub const fn $name() -> u32 $body )*
        };
    }

    macro_rules! c_enum {
        (pub enum #anon { $(pub $name:ident = $value:expr,)* }) => {
            $( pub const $name: u32 = $value; )*
        };
    }

    s! {
        pub struct Kept {
            pub x: u32,
        }
        pub struct Gone {
            pub y: u32,
        }
    }

    s! {
        pub struct AllGone {
            pub z: u32,
        }
    }

    f! {
        pub const safe fn one() -> u32 { 1 }
        pub const safe fn two() -> u32 { 2 }
    }

    c_enum! {
        pub enum #anon {
            pub RED = 1,
            pub BLUE = 2,
        }
    }

    extern "C" {
        pub fn abs(x: i32) -> i32;
        pub fn labs(x: i64) -> i64;
    }
}
"#;
        let out = shrunk(code);
        for kept in ["struct Kept", "fn one", "fn abs"] {
            assert!(out.contains(kept), "{kept} went:\n{out}");
        }
        for gone in ["Gone", "fn two", "RED", "fn labs"] {
            assert!(!out.contains(gone), "{gone} stayed:\n{out}");
        }
        let checked = verify::check(&out, None).expect("rustc");
        assert!(
            checked.diagnostics.is_empty(),
            "{:?}\n{out}",
            checked.diagnostics
        );
    }

    #[test]
    fn impls_reached_through_syntax_stay() {
        let code = "use std::ops::Add;\n\nfn main() {\n    println!(\"{}\", lib::P(1) + lib::P(2));\n}\n\nmod lib {\n    // src/lib.rs\n    pub struct P(pub u32);\n\n    macro_rules! imp {\n        ($t:ty) => {\n            impl std::fmt::Display for $t {\n                fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {\n                    write!(f, \"P{}\", self.0)\n                }\n            }\n        };\n    }\n    imp!(P);\n\n    impl super::Add for P {\n        type Output = P;\n        fn add(self, o: P) -> P {\n            P(self.0 + o.0)\n        }\n    }\n}\n";
        let out = shrunk(code);
        assert!(
            out.contains("imp!(P);") && out.contains("impl super::Add for P"),
            "{out}"
        );
    }
}
