;; The module that reads JavaScript strings with JS String Builtins (`wasm:js-string`, the
;; WebAssembly proposal of that name): where the engine gives them (Chromium 130, Firefox 134
;; and Safari 26.2 and later, per MDN's compatibility data; Node 22 behind
;; --experimental-wasm-imported-strings), `length` and `charCodeAt` are the
;; engine's own, called without leaving WebAssembly, and a string is written into the main
;; module's input buffer here, in WebAssembly, instead of by `TextEncoder.encodeInto` (a call out
;; to the host that costs more than the scan of a short IRI). lib/strings.js instantiates it
;; with the main module's memory and `is_valid_input` (js/src/input.rs); js/build.sh assembles
;; it (js/bindgen).
;;
;; The UTF-8 written is the one encodeInto writes (the Encoding Standard's UTF-8 encoder): a
;; lone surrogate becomes U+FFFD, which no rule of the grammar matches, so that the module
;; decides the same in either path.
(module
  (import "wasm:js-string" "length" (func $length (param externref) (result i32)))
  (import "wasm:js-string" "charCodeAt" (func $charCodeAt (param externref i32) (result i32)))
  (import "rfc3987" "memory" (memory 0))
  (import "rfc3987" "is_valid_input" (func $is_valid_input (param i32 i32) (result i32)))

  ;; Writes the UTF-8 of the string `s` at `at` and gives its length in bytes. The caller has
  ;; made room for three bytes a UTF-16 code unit (a pair of surrogates takes four for two).
  (func $utf8 (param $s externref) (param $at i32) (result i32)
    (local $n i32) (local $i i32) (local $o i32) (local $c i32) (local $d i32)
    (local.set $n (call $length (local.get $s)))
    (local.set $o (local.get $at))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $c (call $charCodeAt (local.get $s) (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        ;; U+0000..U+007F: one byte.
        (if (i32.lt_u (local.get $c) (i32.const 0x80))
          (then
            (i32.store8 (local.get $o) (local.get $c))
            (local.set $o (i32.add (local.get $o) (i32.const 1)))
            (br $next)))
        ;; U+0080..U+07FF: two bytes.
        (if (i32.lt_u (local.get $c) (i32.const 0x800))
          (then
            (i32.store8 (local.get $o) (i32.or (i32.const 0xc0) (i32.shr_u (local.get $c) (i32.const 6))))
            (i32.store8 offset=1 (local.get $o) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 0x3f))))
            (local.set $o (i32.add (local.get $o) (i32.const 2)))
            (br $next)))
        ;; A surrogate, D800..DFFF.
        (if (i32.eq (i32.and (local.get $c) (i32.const 0xf800)) (i32.const 0xd800))
          (then
            ;; A high surrogate and a low one after it: a code point past U+FFFF, four bytes.
            (if (i32.and (i32.lt_u (local.get $c) (i32.const 0xdc00))
                         (i32.lt_u (local.get $i) (local.get $n)))
              (then
                (local.set $d (call $charCodeAt (local.get $s) (local.get $i)))
                (if (i32.eq (i32.and (local.get $d) (i32.const 0xfc00)) (i32.const 0xdc00))
                  (then
                    (local.set $i (i32.add (local.get $i) (i32.const 1)))
                    (local.set $c
                      (i32.add (i32.const 0x10000)
                        (i32.or (i32.shl (i32.and (local.get $c) (i32.const 0x3ff)) (i32.const 10))
                                (i32.and (local.get $d) (i32.const 0x3ff)))))
                    (i32.store8 (local.get $o) (i32.or (i32.const 0xf0) (i32.shr_u (local.get $c) (i32.const 18))))
                    (i32.store8 offset=1 (local.get $o)
                      (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 12)) (i32.const 0x3f))))
                    (i32.store8 offset=2 (local.get $o)
                      (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 6)) (i32.const 0x3f))))
                    (i32.store8 offset=3 (local.get $o) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 0x3f))))
                    (local.set $o (i32.add (local.get $o) (i32.const 4)))
                    (br $next)))))
            ;; A lone surrogate: U+FFFD, as encodeInto writes it.
            (local.set $c (i32.const 0xfffd))))
        ;; The rest of U+0800..U+FFFF: three bytes.
        (i32.store8 (local.get $o) (i32.or (i32.const 0xe0) (i32.shr_u (local.get $c) (i32.const 12))))
        (i32.store8 offset=1 (local.get $o)
          (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 6)) (i32.const 0x3f))))
        (i32.store8 offset=2 (local.get $o) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 0x3f))))
        (local.set $o (i32.add (local.get $o) (i32.const 3)))
        (br $next)))
    (i32.sub (local.get $o) (local.get $at)))

  ;; Whether the string `s`, written at `at` (the main module's input buffer), matches the rule
  ;; numbered `rule`: 1 or 0, as is_valid_input gives.
  (func (export "isValid") (param $s externref) (param $at i32) (param $rule i32) (result i32)
    (call $is_valid_input (call $utf8 (local.get $s) (local.get $at)) (local.get $rule)))

  ;; The UTF-8 of `s` written at `at`, its length in bytes: for the tests, which compare it
  ;; with encodeInto's.
  (func (export "utf8") (param $s externref) (param $at i32) (result i32)
    (call $utf8 (local.get $s) (local.get $at))))
