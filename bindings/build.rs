//! Writes, from the core's types (ts-rs, `arcline::typescript`), into
//! `OUT_DIR`:
//! - `shapes.d.ts`: the TypeScript declarations of every data shape, which
//!   `src/lib.rs` puts in the published `arcline.d.ts`;
//! - `shape_types.rs`: one wasm-bindgen type per declared shape, named as
//!   the shape, for the exports' signatures (`start: shape::Pose` is
//!   `start: Pose` in `arcline.d.ts`), with its list (`PoseList`: `Pose[]`)
//!   and nullable (`PoseOrNull`: `Pose | null`) forms. A shape is declared
//!   once, in Rust, and every signature that names it follows.

fn main() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    let declarations = arcline::typescript::declarations();
    std::fs::write(out.join("shapes.d.ts"), layout(&declarations)).expect("writing shapes.d.ts");
    std::fs::write(out.join("shape_types.rs"), shape_types(&declarations))
        .expect("writing shape_types.rs");
    println!("cargo:rerun-if-changed=../src");
    println!("cargo:rerun-if-changed=build.rs");
}

/// The names of the shapes `declarations` declares (`export type Name`).
fn names(declarations: &str) -> Vec<&str> {
    declarations
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("export type "))
        .filter_map(|rest| {
            rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
        })
        .collect()
}

/// The wasm-bindgen types of every shape, and of the plain JS types the
/// exports take (a number, a string, the typed arrays are js-sys's).
fn shape_types(declarations: &str) -> String {
    let mut s = String::from(
        "#[wasm_bindgen]\nextern \"C\" {\n\
         \x20   /// A JS `number` (read and worded by `from_js::number`).\n\
         \x20   #[wasm_bindgen(typescript_type = \"number\")]\n    pub type Number;\n\
         \x20   /// `number | null`.\n\
         \x20   #[wasm_bindgen(typescript_type = \"number | null\")]\n    pub type NumberOrNull;\n\
         \x20   /// `number[]`.\n\
         \x20   #[wasm_bindgen(typescript_type = \"number[]\")]\n    pub type NumberList;\n\
         \x20   /// Whole numbers, as an array or a `Uint32Array`.\n\
         \x20   #[wasm_bindgen(typescript_type = \"number[] | Uint32Array\")]\n    pub type Ids;\n\
         \x20   /// A JS `string`.\n\
         \x20   #[wasm_bindgen(typescript_type = \"string\")]\n    pub type Text;\n\
         \x20   /// A `Float64Array` (checked with `dyn_ref` where it is read).\n\
         \x20   #[wasm_bindgen(typescript_type = \"Float64Array\")]\n    pub type Float64Array;\n\
         \x20   /// A goal: a `Point` (any arrival heading) or a `Pose`.\n\
         \x20   #[wasm_bindgen(typescript_type = \"Point | Pose\")]\n    pub type PointOrPose;\n",
    );
    for name in names(declarations) {
        s += &format!(
            "    /// The shape `{name}` of `arcline.d.ts`.\n\
             \x20   #[wasm_bindgen(typescript_type = \"{name}\")]\n    pub type {name};\n\
             \x20   /// `{name}[]`.\n\
             \x20   #[wasm_bindgen(typescript_type = \"{name}[]\")]\n    pub type {name}List;\n\
             \x20   /// `{name} | null`.\n\
             \x20   #[wasm_bindgen(typescript_type = \"{name} | null\")]\n    pub type {name}OrNull;\n"
        );
    }
    s + "}\n"
}

/// `declarations` as written TypeScript. wasm-bindgen indents the
/// section by its braces, one level after a line that ends with `{` and one
/// back at a line that starts with `}`; ts-rs writes `..., };` and
/// `{ x: number, }` on one line, which would leave every later line one
/// level further in. So every `{` here ends its line and every `}` starts
/// one (doc comments are taken as they are, trimmed).
fn layout(declarations: &str) -> String {
    let mut out = String::new();
    for line in declarations
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        if line.starts_with("/**") || line.starts_with('*') {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut current = String::new();
        for c in line.chars() {
            match c {
                '}' => {
                    end_line(&mut out, &mut current);
                    current.push('}');
                }
                '{' => {
                    current.push('{');
                    end_line(&mut out, &mut current);
                }
                _ => current.push(c),
            }
        }
        end_line(&mut out, &mut current);
    }
    out
}

/// Ends the line `current` (if it holds anything) into `out`.
fn end_line(out: &mut String, current: &mut String) {
    let line = current.trim();
    if !line.is_empty() {
        out.push_str(line);
        out.push('\n');
    }
    current.clear();
}
