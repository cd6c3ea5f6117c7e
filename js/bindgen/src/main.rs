//! `rfc3987-js-bindgen INPUT.wasm OUT_DIR`: writes the ES module glue of a wasm-bindgen module
//! and its processed WebAssembly into OUT_DIR, as `rfc3987_js.js` and `rfc3987_js_bg.wasm`:
//! what `wasm-bindgen --target web --no-typescript --remove-name-section
//! --remove-producers-section --out-name rfc3987_js` writes (js/build.sh). With
//! `RFC3987_JS_KEEP_NAMES` set, the name section stays, for profiles that name functions
//! (`node --prof`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, out_dir] = args.as_slice() else {
        eprintln!("usage: rfc3987-js-bindgen INPUT.wasm OUT_DIR");
        return ExitCode::from(2);
    };
    let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
    bindgen
        .input_path(input)
        .out_name("rfc3987_js")
        .typescript(false)
        .remove_name_section(std::env::var_os("RFC3987_JS_KEEP_NAMES").is_none())
        .remove_producers_section(true)
        // As the command line does: without a module, `init()` loads `rfc3987_js_bg.wasm`
        // beside the glue (the library's default leaves that path out).
        .omit_default_module_path(false);
    // `--target web`: an ES module that loads in browsers and, from bytes, in Node.
    let result = bindgen.web(true).and_then(|bindgen| bindgen.generate(out_dir));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("rfc3987-js-bindgen: {input}: {error:#}");
            ExitCode::FAILURE
        }
    }
}
