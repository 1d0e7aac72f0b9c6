//! Running proc macros: the toolchain's own proc-macro server
//! (`$SYSROOT/libexec/rust-analyzer-proc-macro-srv`, shipped with rustc for rust-analyzer) loads
//! the macro libraries Cargo built and expands one call at a time. We speak its line-per-message
//! JSON protocol; token trees travel as flat arrays of numbers (subtrees, literals, punctuation
//! and identifiers in breadth-first order, children as `index << 2 | tag`), written and read
//! here from `proc_macro2` token streams. The protocol is versioned and internal to the
//! toolchain: a server whose version this module does not speak is refused by name.

use crate::error::{Error, Result};
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use serde_json::{json, Value};
use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Protocol versions whose token encoding is the one written here (literal kinds and suffixes,
/// raw identifiers, close spans).
const SPOKEN_VERSIONS: std::ops::RangeInclusive<u64> = 5..=6;

/// What a proc macro is called as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MacroKind {
    /// `#[derive(Name)]`.
    Derive,
    /// `#[name]` on an item.
    Attr,
    /// `name!(...)`.
    Bang,
}

/// One running server.
pub struct Server {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// The server's path in the sysroot of the `rustc` Cargo uses.
fn server_path() -> Result<PathBuf> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|err| Error::new(format!("cannot run rustc to find its sysroot: {err}")))?;
    let sysroot = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let name = format!(
        "rust-analyzer-proc-macro-srv{}",
        std::env::consts::EXE_SUFFIX
    );
    Ok(Path::new(&sysroot).join("libexec").join(name))
}

impl Server {
    /// Starts the toolchain's server and checks that it speaks our protocol version.
    pub fn start() -> Result<Server> {
        let path = server_path()?;
        if !path.exists() {
            return Err(Error::new(format!(
                "proc macros are expanded by the toolchain's proc-macro server, which this toolchain lacks ({} not found)",
                path.display()
            )));
        }
        let mut child = Command::new(&path)
            // The server runs only for tools that say they know it is internal to the toolchain.
            .env("RUST_ANALYZER_INTERNALS_DO_NOT_USE", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|err| Error::new(format!("cannot start {}: {err}", path.display())))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Error::new("the proc-macro server has no pipes"));
        };
        let mut server = Server {
            child,
            input,
            output: BufReader::new(output),
        };
        let version = server.request(&json!({"ApiVersionCheck": {}}))?;
        let version = version["ApiVersionCheck"].as_u64().unwrap_or(0);
        if !SPOKEN_VERSIONS.contains(&version) {
            return Err(Error::new(format!(
                "{}: speaks proc-macro protocol version {version}; this bundler speaks versions {} to {}",
                path.display(),
                SPOKEN_VERSIONS.start(),
                SPOKEN_VERSIONS.end()
            )));
        }
        Ok(server)
    }

    /// Sends one message and reads the answer.
    fn request(&mut self, message: &Value) -> Result<Value> {
        let lost = |err: std::io::Error| {
            Error::new(format!("the proc-macro server stopped answering: {err}"))
        };
        writeln!(self.input, "{message}").map_err(lost)?;
        self.input.flush().map_err(lost)?;
        let mut line = String::new();
        if self.output.read_line(&mut line).map_err(lost)? == 0 {
            return Err(Error::new(
                "the proc-macro server exited (a macro may have aborted the process)",
            ));
        }
        serde_json::from_str(&line).map_err(|err| {
            Error::new(format!(
                "the proc-macro server's answer is unreadable: {err}"
            ))
        })
    }

    /// The macros the library at `dylib` defines, with their kinds.
    pub fn list(&mut self, dylib: &Path) -> Result<Vec<(String, MacroKind)>> {
        let answer = self.request(&json!({"ListMacros": {"dylib_path": dylib}}))?;
        let list = &answer["ListMacros"];
        if let Some(err) = list["Err"].as_str() {
            return Err(Error::new(format!(
                "{}: the proc-macro server cannot load it: {err}",
                dylib.display()
            )));
        }
        let empty = Vec::new();
        Ok(list["Ok"]
            .as_array()
            .unwrap_or(&empty)
            .iter()
            .filter_map(|pair| {
                let kind = match pair[1].as_str()? {
                    "CustomDerive" => MacroKind::Derive,
                    "Attr" => MacroKind::Attr,
                    "Bang" | "FuncLike" => MacroKind::Bang,
                    _ => return None,
                };
                Some((pair[0].as_str()?.to_string(), kind))
            })
            .collect())
    }

    /// Expands macro `name` of `dylib` on `body` (the item, or the call's tokens) with the
    /// attribute's arguments `attr`, as Cargo would run it for the package in `dir` with `env`.
    pub fn expand(
        &mut self,
        dylib: &Path,
        name: &str,
        body: &TokenStream,
        attr: Option<&TokenStream>,
        env: &[(String, String)],
        dir: &Path,
    ) -> Result<TokenStream> {
        let message = json!({"ExpandMacro": {
            "lib": dylib,
            "env": env,
            "current_dir": dir,
            "macro_body": encode(body),
            "macro_name": name,
            "attributes": attr.map(encode),
        }});
        let answer = self.request(&message)?;
        let result = &answer["ExpandMacro"];
        if let Some(panic) = result.get("Err") {
            return Err(Error::new(format!(
                "proc macro `{name}` failed: {}",
                panic.as_str().unwrap_or("(no message)")
            )));
        }
        decode(&result["Ok"]).ok_or_else(|| {
            Error::new(format!(
                "proc macro `{name}`: the server's tokens are unreadable"
            ))
        })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Literal kinds as the protocol numbers them (`[kind, hashes of a raw string]`, little-endian).
const STR: u32 = 5;
const STR_RAW: u32 = 6;
const BYTE_STR: u32 = 7;
const BYTE_STR_RAW: u32 = 8;
const C_STR: u32 = 9;
const C_STR_RAW: u32 = 10;
const BYTE: u32 = 1;
const CHAR: u32 = 2;
const INTEGER: u32 = 3;
const FLOAT: u32 = 4;

/// "No string": the suffix of an unsuffixed literal.
const NONE: u32 = u32::MAX;

/// A literal's text split as the protocol wants it: kind, the text inside its quotes (or the
/// number's digits), and its suffix.
fn split_literal(text: &str) -> (u32, String, String) {
    let raw = |rest: &str, kind: u32| {
        let hashes = rest.len() - rest.trim_start_matches('#').len();
        let inner = &rest[hashes + 1..];
        let end = inner.rfind('"').unwrap_or(inner.len());
        (
            kind | ((hashes as u32) << 8),
            inner[..end].to_string(),
            inner[end..]
                .trim_start_matches('"')
                .trim_start_matches('#')
                .to_string(),
        )
    };
    let quoted = |rest: &str, quote: char, kind: u32| {
        let inner = &rest[1..];
        let end = inner.rfind(quote).unwrap_or(inner.len());
        let suffix = inner.get(end + 1..).unwrap_or("").to_string();
        (kind, inner[..end].to_string(), suffix)
    };
    if let Some(rest) = text.strip_prefix("br") {
        return raw(rest, BYTE_STR_RAW);
    }
    if let Some(rest) = text.strip_prefix("cr") {
        return raw(rest, C_STR_RAW);
    }
    if let Some(rest) = text.strip_prefix('r').filter(|r| r.starts_with(['#', '"'])) {
        return raw(rest, STR_RAW);
    }
    if let Some(rest) = text.strip_prefix('b').filter(|r| r.starts_with('"')) {
        return quoted(rest, '"', BYTE_STR);
    }
    if let Some(rest) = text.strip_prefix('b').filter(|r| r.starts_with('\'')) {
        return quoted(rest, '\'', BYTE);
    }
    if let Some(rest) = text.strip_prefix('c').filter(|r| r.starts_with('"')) {
        return quoted(rest, '"', C_STR);
    }
    if text.starts_with('"') {
        return quoted(text, '"', STR);
    }
    if text.starts_with('\'') {
        return quoted(text, '\'', CHAR);
    }
    split_number(text)
}

/// A number's kind, digits and suffix (`0x1Fu8`, `1e-3f64`, `2.5`).
fn split_number(text: &str) -> (u32, String, String) {
    let based = ["0x", "0o", "0b"].iter().any(|p| text.starts_with(p));
    let integer_suffixes = [
        "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
    ];
    let mut suffixes: Vec<&str> = integer_suffixes.to_vec();
    if !based {
        suffixes.extend(["f32", "f64"]);
    }
    let suffix = suffixes
        .iter()
        .filter(|s| text.len() > s.len() && text.ends_with(*s))
        .max_by_key(|s| s.len())
        .copied()
        .unwrap_or("");
    let digits = &text[..text.len() - suffix.len()];
    let float = suffix.starts_with('f')
        || (!based && (digits.contains('.') || digits.contains(['e', 'E'])));
    let kind = if float { FLOAT } else { INTEGER };
    (kind, digits.to_string(), suffix.to_string())
}

/// The literal text for the protocol's kind, content and suffix.
fn join_literal(kind: u32, content: &str, suffix: &str) -> String {
    let hashes = "#".repeat(((kind >> 8) & 0xff) as usize);
    let body = match kind & 0xff {
        STR => format!("\"{content}\""),
        STR_RAW => format!("r{hashes}\"{content}\"{hashes}"),
        BYTE_STR => format!("b\"{content}\""),
        BYTE_STR_RAW => format!("br{hashes}\"{content}\"{hashes}"),
        C_STR => format!("c\"{content}\""),
        C_STR_RAW => format!("cr{hashes}\"{content}\"{hashes}"),
        BYTE => format!("b'{content}'"),
        CHAR => format!("'{content}'"),
        _ => content.to_string(),
    };
    format!("{body}{suffix}")
}

/// The flat arrays being written.
#[derive(Default)]
struct Flat {
    subtree: Vec<u32>,
    literal: Vec<u32>,
    punct: Vec<u32>,
    ident: Vec<u32>,
    token_tree: Vec<u32>,
    text: Vec<String>,
    strings: BTreeMap<String, u32>,
}

impl Flat {
    fn intern(&mut self, text: String) -> u32 {
        if let Some(&index) = self.strings.get(&text) {
            return index;
        }
        let index = self.text.len() as u32;
        self.text.push(text.clone());
        self.strings.insert(text, index);
        index
    }
}

/// `tokens` as the protocol's flat tree (a root subtree without delimiters).
pub fn encode(tokens: &TokenStream) -> Value {
    let mut flat = Flat::default();
    // Subtrees are numbered breadth-first: (index, delimiter, children).
    let mut work: VecDeque<(usize, TokenStream)> = VecDeque::new();
    flat.subtree.extend([0, 0, 0, NONE, NONE]);
    work.push_back((0, tokens.clone()));
    while let Some((index, stream)) = work.pop_front() {
        let children: Vec<TokenTree> = stream.into_iter().collect();
        let first = flat.token_tree.len() as u32;
        flat.subtree[index * 5 + 3] = first;
        flat.subtree[index * 5 + 4] = first + children.len() as u32;
        for child in children {
            let tagged = match child {
                TokenTree::Group(group) => {
                    let child_index = flat.subtree.len() / 5;
                    let kind = match group.delimiter() {
                        Delimiter::None => 0,
                        Delimiter::Parenthesis => 1,
                        Delimiter::Brace => 2,
                        Delimiter::Bracket => 3,
                    };
                    flat.subtree.extend([0, 0, kind, NONE, NONE]);
                    work.push_back((child_index, group.stream()));
                    (child_index as u32) << 2
                }
                TokenTree::Literal(literal) => {
                    let (kind, content, suffix) = split_literal(&literal.to_string());
                    let index = (flat.literal.len() / 4) as u32;
                    let content = flat.intern(content);
                    let suffix = if suffix.is_empty() {
                        NONE
                    } else {
                        flat.intern(suffix)
                    };
                    flat.literal.extend([0, content, kind, suffix]);
                    (index << 2) | 0b01
                }
                TokenTree::Punct(punct) => {
                    let index = (flat.punct.len() / 3) as u32;
                    let joint = u32::from(punct.spacing() == Spacing::Joint);
                    flat.punct.extend([0, punct.as_char() as u32, joint]);
                    (index << 2) | 0b10
                }
                TokenTree::Ident(ident) => {
                    let index = (flat.ident.len() / 3) as u32;
                    let text = ident.to_string();
                    let (raw, name) = match text.strip_prefix("r#") {
                        Some(name) => (1, name.to_string()),
                        None => (0, text),
                    };
                    let name = flat.intern(name);
                    flat.ident.extend([0, name, raw]);
                    (index << 2) | 0b11
                }
            };
            flat.token_tree.push(tagged);
        }
    }
    json!({
        "subtree": flat.subtree,
        "literal": flat.literal,
        "punct": flat.punct,
        "ident": flat.ident,
        "token_tree": flat.token_tree,
        "text": flat.text,
    })
}

/// The token stream of a flat tree; `None` when it is malformed.
pub fn decode(value: &Value) -> Option<TokenStream> {
    let numbers = |name: &str| -> Option<Vec<u32>> {
        value[name]
            .as_array()?
            .iter()
            .map(|n| n.as_u64().map(|n| n as u32))
            .collect()
    };
    let subtree = numbers("subtree")?;
    let literal = numbers("literal")?;
    let punct = numbers("punct")?;
    let ident = numbers("ident")?;
    let token_tree = numbers("token_tree")?;
    let text: Vec<String> = value["text"]
        .as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    let string = |index: u32| text.get(index as usize).map(String::as_str);
    let count = subtree.len() / 5;
    let mut built: Vec<Option<TokenStream>> = vec![None; count];
    // Children come after their parent, so building from the last subtree up finds each child
    // done.
    for index in (0..count).rev() {
        let (lo, hi) = (
            subtree[index * 5 + 3] as usize,
            subtree[index * 5 + 4] as usize,
        );
        let mut stream = Vec::new();
        for &tagged in token_tree.get(lo..hi)? {
            let at = (tagged >> 2) as usize;
            stream.push(match tagged & 0b11 {
                0b00 => {
                    let delimiter = match subtree.get(at * 5 + 2)? {
                        1 => Delimiter::Parenthesis,
                        2 => Delimiter::Brace,
                        3 => Delimiter::Bracket,
                        _ => Delimiter::None,
                    };
                    TokenTree::Group(Group::new(delimiter, built.get_mut(at)?.take()?))
                }
                0b01 => {
                    let entry = literal.get(at * 4..at * 4 + 4)?;
                    let suffix = if entry[3] == NONE {
                        ""
                    } else {
                        string(entry[3])?
                    };
                    let written = join_literal(entry[2], string(entry[1])?, suffix);
                    TokenTree::Literal(written.parse::<Literal>().ok()?)
                }
                0b10 => {
                    let entry = punct.get(at * 3..at * 3 + 3)?;
                    let spacing = if entry[2] == 1 {
                        Spacing::Joint
                    } else {
                        Spacing::Alone
                    };
                    TokenTree::Punct(Punct::new(char::from_u32(entry[1])?, spacing))
                }
                _ => {
                    let entry = ident.get(at * 3..at * 3 + 3)?;
                    let name = string(entry[1])?;
                    TokenTree::Ident(if entry[2] == 1 {
                        Ident::new_raw(name, Span::call_site())
                    } else {
                        Ident::new(name, Span::call_site())
                    })
                }
            });
        }
        built[index] = Some(stream.into_iter().collect());
    }
    let root = built.first_mut()?.take()?;
    // A root with delimiters is one group.
    match subtree.get(2)? {
        0 => Some(root),
        1 => Some(TokenTree::Group(Group::new(Delimiter::Parenthesis, root)).into()),
        2 => Some(TokenTree::Group(Group::new(Delimiter::Brace, root)).into()),
        _ => Some(TokenTree::Group(Group::new(Delimiter::Bracket, root)).into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(code: &str) -> String {
        let tokens: TokenStream = code.parse().unwrap();
        decode(&encode(&tokens)).unwrap().to_string()
    }

    #[test]
    fn token_trees_survive_the_flat_encoding() {
        let code = r##"#[derive(Debug)] struct S<'a> { a: [u8; 3], b: &'a str } fn f() -> i32 { let r#type = 1u8 + 0x1F_u16 as u8; g(b'x', '\n', "q\"", r#"raw"#, br"x", 2.5e-3f64, 1.0, -3) }"##;
        let tokens: TokenStream = code.parse().unwrap();
        assert_eq!(round_trip(code), tokens.to_string());
    }

    #[test]
    fn literals_split_into_kind_content_and_suffix() {
        assert_eq!(split_literal("12u8"), (INTEGER, "12".into(), "u8".into()));
        assert_eq!(split_literal("0xf32"), (INTEGER, "0xf32".into(), "".into()));
        assert_eq!(split_literal("1e3"), (FLOAT, "1e3".into(), "".into()));
        assert_eq!(split_literal("2f32"), (FLOAT, "2".into(), "f32".into()));
        assert_eq!(
            split_literal("r##\"a\"b\"##"),
            (STR_RAW | (2 << 8), "a\"b".into(), "".into())
        );
        assert_eq!(split_literal("'\\''"), (CHAR, "\\'".into(), "".into()));
        assert_eq!(split_literal("\"x\"suf"), (STR, "x".into(), "suf".into()));
    }
}
