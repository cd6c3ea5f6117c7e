//! Parse-tree snapshots (snapshots/trees@<name>.snap) over tests/data/tree-inputs.tsv. Before a
//! tree is compared, the test checks that it covers the whole input and that spans nest.

use crate::common;

use rfc3987::{parse_tree, StartSymbol};

/// A rendered node: depth, start, end, text.
fn nodes(tree: &str) -> Vec<(usize, usize, usize, String)> {
    tree.lines()
        .map(|line| {
            let depth = (line.len() - line.trim_start().len()) / 2;
            let mut parts = line.trim_start().splitn(3, ' ');
            let _rule = parts.next().unwrap();
            let (start, end) = parts.next().unwrap().split_once("..").unwrap();
            (
                depth,
                start.parse().unwrap(),
                end.parse().unwrap(),
                parts.next().unwrap().to_string(),
            )
        })
        .collect()
}

/// The root spans the input; every child lies inside its parent and after its previous sibling;
/// each node's text is the input at its span.
fn check_structure(input: &str, tree: &str) {
    let nodes = nodes(tree);
    assert_eq!(
        (nodes[0].0, nodes[0].1, nodes[0].2),
        (0, 0, input.len()),
        "root must cover {input:?}"
    );
    let mut stack: Vec<(usize, usize, usize)> = Vec::new(); // (depth, end, last child end)
    for (depth, start, end, text) in nodes {
        assert_eq!(text, format!("{:?}", &input[start..end]));
        while stack.last().is_some_and(|&(d, _, _)| d >= depth) {
            stack.pop();
        }
        if let Some(parent) = stack.last_mut() {
            assert_eq!(parent.0 + 1, depth);
            assert!(
                start >= parent.2 && end <= parent.1,
                "{start}..{end} outside its parent in {input:?}"
            );
            parent.2 = end;
        }
        stack.push((depth, end, start));
    }
}

#[test]
fn parse_tree_snapshots() {
    let data = common::data("tree-inputs.tsv");
    let rows = common::rows(&data);
    let settings = common::snapshot_settings();
    for (row, _source) in &rows {
        let (name, input) = (&row[0], common::unescape(&row[1]));
        let tree = parse_tree(&input, StartSymbol::IriReference).unwrap_or_else(|e| panic!("{name}: {e}"));
        check_structure(&input, &tree);
        settings.bind(|| insta::assert_snapshot!(format!("trees@{name}"), tree, &input));
    }
    // No snapshot without an input: a removed input must take its snapshot with it.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots");
    for entry in std::fs::read_dir(dir).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        if let Some(name) = file.strip_prefix("trees@").and_then(|f| f.strip_suffix(".snap")) {
            assert!(
                rows.iter().any(|(r, _)| r[0] == name),
                "unreferenced snapshot {file}"
            );
        }
    }
}
