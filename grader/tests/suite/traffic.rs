//! Traffic per source line: in every solution's report the lines add up to the metrics, the
//! 7.4 tile load is the only global-loading line, a kernel that misses its OP/B target is told
//! which line loads most, and `traffic` prints the table and its JSON.

use serde_json::Value;

fn sum(lines: &[Value], field: &str) -> u64 {
    lines.iter().map(|l| l[field].as_u64().unwrap()).sum()
}

#[test]
fn every_solutions_lines_add_up_to_its_metrics() {
    let out = crate::common::all_solutions_with_nvrtc();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    for s in json["sections"].as_array().unwrap() {
        let id = s["section"].as_str().unwrap();
        let m = &s["metrics"];
        let lines = m["lines"].as_array().unwrap();
        assert!(!lines.is_empty(), "{id}: no lines");
        for field in ["global_load_bytes", "global_load_requests", "global_load_sectors", "global_store_bytes"] {
            assert_eq!(sum(lines, field), m[field].as_u64().unwrap(), "{id}: {field} per line");
        }
        // The lines count what the kernel executed; `flops` is the problem's (OP/B's numerator).
        assert_eq!(sum(lines, "flops"), m["executed_flops"].as_u64().unwrap(), "{id}: flops per line");
        assert_eq!(sum(lines, "shared_bank_conflicts"), m["shared_bank_conflicts"].as_u64().unwrap(), "{id}");
        // Code the compiler gave no line of its own is counted on the nearest line: no line 0.
        assert_eq!(sum(lines, "local_load_bytes") + sum(lines, "local_store_bytes"), 0, "{id}: no local memory");
        for l in lines {
            assert!(l["line"].as_u64().unwrap() > 0, "{id}: {l}");
            assert!(l["file"].as_str().unwrap().starts_with("solutions/"), "{id}: {l}");
            assert!(l["source"].is_string(), "{id}: the solution's own lines have their text: {l}");
        }
        if id == "7.4" {
            // One line loads the input tile; IN_TILE_DIM² / OUT_TILE_DIM² loads per output.
            let loading: Vec<&Value> = lines.iter().filter(|l| l["global_loads"].as_u64().unwrap() > 0).collect();
            assert_eq!(loading.len(), 1, "{loading:?}");
            assert!(loading[0]["source"].as_str().unwrap().contains("N_s"), "{}", loading[0]);
        }
    }
}

fn grader(args: &[&str]) -> std::process::Output {
    crate::common::grader().args(args).env("PMPP_NO_PROGRESS", "1").output().unwrap()
}

#[test]
fn a_missed_op_per_byte_target_names_the_heaviest_line() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let kernel = root.join("grader/wrong/7.4/global-reads-in-loop.cu");
    let text = std::fs::read_to_string(&kernel).unwrap();
    let line = text.lines().position(|l| l.contains("N[inRow * width + inCol]")).unwrap() + 1;
    let out = grader(&["7.4", "--kernel", kernel.to_str().unwrap(), "--seed", "1", "--compiler", "nvrtc"]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    let expected = format!("global-reads-in-loop.cu:{line} makes 24.9 global loads per output, the most of any line");
    assert!(report.contains(&expected), "{report}");
    assert!(report.contains("cargo run -p grader -- traffic 7.4"), "{report}");
    // A passing solution is not told.
    let out = grader(&["7.4", "--solutions", "--seed", "1", "--compiler", "nvrtc"]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("the most of any line"));
}

#[test]
fn a_missed_local_memory_target_names_the_line_and_its_array() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let kernel = root.join("grader/wrong/challenge-2d/local-array.cu");
    let text = std::fs::read_to_string(&kernel).unwrap();
    let at = |pattern: &str| text.lines().position(|l| l.contains(pattern)).unwrap() + 1;
    let (line, declared) = (at("Pvalue[o] += F[fRow][fCol]"), at("float Pvalue[COARSEN];"));
    let args = ["challenge-2d", "--kernel", kernel.to_str().unwrap(), "--seed", "1", "--compiler", "nvrtc"];
    let out = grader(&args);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    let expected = format!(
        "local-array.cu:{line} loads and stores 41,943,040 bytes of local memory, the most of any line \
         (probably the per-thread array Pvalue, declared at line {declared})"
    );
    assert!(report.contains(&expected), "{report}");
    // `traffic` shows every line's local bytes: the accumulators' reset, update and store.
    let out = grader(&["traffic", args[0], args[1], args[2], "--compiler", "nvrtc", "--format", "json"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines = json["lines"].as_array().unwrap();
    let local: Vec<(u64, &str)> = lines
        .iter()
        .filter(|l| l["local_load_bytes"].as_u64().unwrap() + l["local_store_bytes"].as_u64().unwrap() > 0)
        .map(|l| (l["line"].as_u64().unwrap(), l["local_array"]["name"].as_str().unwrap_or("")))
        .collect();
    let expected = [at("Pvalue[o] = 0.0f"), line, at("= Pvalue[o]")].map(|l| (l as u64, "Pvalue"));
    assert_eq!(local, expected.to_vec());
    let out = grader(&["traffic", args[0], args[1], args[2], "--compiler", "nvrtc"]);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("local B") && table.contains("41943040"), "{table}");
}

#[test]
fn the_traffic_command_prints_the_table_and_its_json() {
    let out = grader(&["traffic", "7.2", "--solutions", "--compiler", "nvrtc"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("loads/output") && text.contains("Pvalue +="), "{text}");
    let out = grader(&["traffic", "7.2", "--solutions", "--compiler", "nvrtc", "--format", "json"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((json["section"].as_str(), json["case"].as_str()), (Some("7.2"), Some("1024x1024 r=2")));
    let lines = json["lines"].as_array().unwrap();
    assert_eq!(sum(lines, "global_load_bytes"), json["metrics"]["global_load_bytes"].as_u64().unwrap());
    // 25 pixel and 25 filter loads per interior output, fewer at the border: 49.88 on average.
    let outputs = json["metrics"]["output_elements"].as_u64().unwrap() as f64;
    let per_output = sum(lines, "global_loads") as f64 / outputs;
    assert!((per_output - 49.88).abs() < 0.01, "{per_output}");
    // Each interior pixel is loaded by the (2r+1)² = 25 outputs around it, a corner one by 9.
    let image = &json["buffers"][0];
    assert_eq!(image["shape"], serde_json::json!([1024, 1024, 1]));
    assert_eq!(image["name"], "N", "the kernel's parameter name: {image}");
    assert_eq!(image["elements"], 1024 * 1024);
    assert_eq!(
        (image["loads_per_element"]["min"].as_u64(), image["loads_per_element"]["max"].as_u64()),
        (Some(9), Some(25))
    );
    assert!(text.contains("loads per element min 9"), "{text}");
}

#[test]
fn tiles_load_their_overlap_twice_and_its_corners_four_times() {
    let out = grader(&["traffic", "7.4", "--solutions", "--compiler", "nvrtc", "--format", "json"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let stats = &json["buffers"][0]["loads_per_element"];
    assert_eq!((stats["min"].as_u64(), stats["max"].as_u64()), (Some(1), Some(4)));
    // Away from the border, IN_TILE_DIM² / OUT_TILE_DIM² = 1024 / 784 loads per element.
    let mean = stats["mean"].as_f64().unwrap();
    assert!((mean - 1024.0 / 784.0).abs() < 0.01, "{mean}");
    assert_eq!(json["buffers"].as_array().unwrap().len(), 1, "F is in constant memory, not loaded from global");
    let text =
        String::from_utf8_lossy(&grader(&["traffic", "7.4", "--solutions", "--compiler", "nvrtc"]).stdout).to_string();
    // Tiles of 28 outputs read 32 inputs: columns 26..29 are read by two tiles.
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("111111111111111111111111112222"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(row.trim().starts_with(&format!("{}2222{}", "1".repeat(26), "1".repeat(24))), "{row}");
    assert!(text.lines().any(|l| l.contains("44442222")), "the corners of four tiles: {text}");
}

#[test]
fn stencil_tiles_load_their_corners_eight_times_and_the_1d_halo_twice() {
    let stats = |id: &str| {
        let out = grader(&["traffic", id, "--solutions", "--compiler", "nvrtc", "--format", "json"]);
        let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{id}: {e}"));
        let b = &json["buffers"][0];
        (b["loads_per_element"]["min"].as_u64().unwrap(), b["loads_per_element"]["max"].as_u64().unwrap(), b.clone())
    };
    // 8.3: 8³ input tiles overlapping by one point: 2 on a face, 4 on an edge, 8 at a corner.
    let (min, max, b) = stats("8.3");
    assert_eq!((min, max), (1, 8), "{b}");
    assert_eq!(b["name"], "in");
    // 1d: each element once, a block's two edge elements also by the neighbouring block.
    let (min, max, b) = stats("1d");
    assert_eq!((min, max), (1, 2), "{b}");
    let mean = b["loads_per_element"]["mean"].as_f64().unwrap();
    let elements = b["elements"].as_f64().unwrap();
    assert!(mean > 1.0 && mean < 1.0 + 3.0 / 256.0, "about two extra loads per block of 256: {mean} of {elements}");
}

#[test]
fn maps_of_a_chosen_plane_and_as_svg() {
    let dir = std::env::temp_dir().join(format!("pmpp-traffic-svg-{}", std::process::id()));
    let out = grader(
        &["traffic", "8.3", "--solutions", "--compiler", "nvrtc", "--plane", "0", "--svg"]
            .iter()
            .copied()
            .chain([dir.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("(plane z = 0 of 0..127)"), "{text}");
    let svg = std::fs::read_to_string(dir.join("8.3-in.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("the SVG does not parse: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(svg.contains("plane z = 0 of 0..127"));
    // The full-resolution panel labels each of its 32×32 elements with its count.
    let labels =
        doc.descendants().filter(|n| n.has_tag_name("text") && n.parent().is_some_and(|p| p.has_tag_name("g")));
    assert_eq!(labels.count(), 32 * 32);
    std::fs::remove_dir_all(&dir).ok();

    let out = grader(&["traffic", "8.3", "--solutions", "--compiler", "nvrtc", "--plane", "128"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--plane 128: in has planes 0 to 127"));
}

#[test]
fn one_blocks_view_shows_its_tile_and_a_threads_window() {
    let dir = std::env::temp_dir().join(format!("pmpp-traffic-block-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap().to_string();
    let args = [
        "traffic",
        "7.4",
        "--solutions",
        "--compiler",
        "nvrtc",
        "--format",
        "json",
        "--block",
        "2,3",
        "--svg",
        &dir_arg,
    ];
    let out = grader(&args);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let b = &json["block"];
    assert_eq!(
        (b["block"].clone(), b["thread"].clone()),
        (serde_json::json!([2, 3, 0]), serde_json::json!([16, 16, 0]))
    );
    // An interior 7.4 block loads its 32×32 input tile once, stores it in shared memory, and
    // its computing thread reads a 5×5 window of it.
    let n = &b["buffers"][0];
    assert_eq!(
        (n["name"].as_str(), n["elements_loaded"].as_u64(), n["loads"].as_u64()),
        (Some("N"), Some(1024), Some(1024))
    );
    // Tile (2, 3) starts at column 2·28 − 2 = 54, row 3·28 − 2 = 82.
    assert_eq!(n["bounding_box"], serde_json::json!([54, 82, 0, 85, 113, 0]));
    assert_eq!((b["shared_words_written"].as_u64(), b["thread_shared_words_read"].as_u64()), (Some(1024), Some(25)));
    let svg = std::fs::read_to_string(dir.join("7.4-block-2-3-0.svg")).unwrap();
    roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("the block SVG does not parse: {e}"));
    std::fs::remove_dir_all(&dir).ok();

    let text =
        String::from_utf8_lossy(&grader(&["traffic", "7.4", "--solutions", "--compiler", "nvrtc"]).stdout).to_string();
    assert!(text.contains("block (18, 18, 0), thread (16, 16, 0) of it:"), "the middle block by default: {text}");
    assert!(text.contains("##############ooooo#############"), "the 5×5 window in the shared tile: {text}");

    let out = grader(&["traffic", "7.4", "--solutions", "--compiler", "nvrtc", "--block", "99,0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("is not in the launch"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_terminal_rendering_of_7_4() {
    let out = grader(&["traffic", "7.4", "--solutions", "--compiler", "nvrtc", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("traffic_7_4", String::from_utf8_lossy(&out.stdout));
}
