//! `prairielearn <section…> --out DIR`: the course as PrairieLearn questions graded externally.
//! DIR gets what an instructor copies into a PrairieLearn course: `questions/pmpp/<dir>/` per
//! section (`info.json` with the external-grading options, `question.html` with a file editor
//! holding the stub, the stub, `tests/`), `serverFilesCourse/pmpp-grader/grade.sh` (the
//! entrypoint), and the `Dockerfile` of the grading image. Each question's timeout is measured:
//! its reference solution graded on one core, as PrairieLearn's container has.

use std::path::{Path, PathBuf};
use std::time::Instant;

use kernels::exercise::Section;
use serde_json::json;

use crate::backend::emulator::EmulatorBackend;
use crate::course::{self, sections, Course, KernelFile};
use crate::error::{Error, Outcome, Result};
use crate::grade::{grade_isolated, Grader};
use crate::toolchain::limits::COMPILE_SECONDS;
use crate::toolchain::{self, CompilerChoice};

const GRADE_SH: &str = include_str!("../../prairielearn/grade.sh");
const DOCKERFILE: &str = include_str!("../../prairielearn/Dockerfile");
const DOCKERIGNORE: &str = include_str!("../../prairielearn/Dockerfile.dockerignore");
/// Where the entrypoint lies in serverFilesCourse, and so in the container.
const SERVER_FILES: &str = "pmpp-grader";
/// PrairieLearn's longest timeout.
const MAX_TIMEOUT: u64 = 600;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The sections to make questions of (their ids, or `all`).
    #[arg(value_name = "SECTION", required = true)]
    pub sections: Vec<String>,
    /// The folder to write (questions/, serverFilesCourse/, the Dockerfile, a README).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The grading image as PrairieLearn pulls it: a public linux/amd64 image (Docker Hub, ghcr.io, quay.io, GitLab, ECR Public).
    #[arg(long, value_name = "NAME", default_value = "pmpp-grader:latest")]
    pub image: String,
    /// Private hidden cases graded with every submission (TOML/JSON; checked now), put into each question's tests/.
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
    /// Each question's timeout in seconds, instead of the one measured from its reference solution.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(10..=600))]
    pub timeout: Option<u64>,
}

/// One question as written: its section, its folder, its timeout and what it was measured from.
pub struct Question {
    pub section: &'static dyn Section,
    pub dir: PathBuf,
    pub timeout: u64,
    /// The reference solution's slowest grading on one core, in seconds (None: --timeout).
    pub measured: Option<f64>,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    let chosen = chosen_sections(&args.sections)?;
    if let Some(path) = &args.cases {
        course::cases_file::load(path)?;
    }
    let mut questions = Vec::new();
    for section in chosen {
        let (timeout, measured) = match args.timeout {
            Some(t) => (t, None),
            None => {
                eprintln!("measuring {}: its reference solution graded on one core …", section.id());
                let seconds = slowest_reference_run(root, section)?;
                (timeout_for(seconds), Some(seconds))
            }
        };
        let dir = args.out.join("questions").join("pmpp").join(section.dir());
        write_question(&dir, section, &args.image, timeout, args.cases.as_deref())?;
        questions.push(Question { section, dir, timeout, measured });
    }
    let grade_sh = args.out.join("serverFilesCourse").join(SERVER_FILES).join("grade.sh");
    write_file(&grade_sh, GRADE_SH)?;
    make_executable(&grade_sh)?;
    let dockerfile = DOCKERFILE
        .replace("@OUT@", &args.out.display().to_string())
        .replace("@IMAGE@", &args.image)
        .replace("@NVRTC_VERSION@", toolchain::nvrtc::WHEEL_VERSION)
        .replace("@HEADERS_VERSION@", toolchain::nvrtc::HEADERS_WHEEL_VERSION);
    write_file(&args.out.join("Dockerfile"), &dockerfile)?;
    write_file(&args.out.join("Dockerfile.dockerignore"), DOCKERIGNORE)?;
    write_file(&args.out.join("README.md"), &readme(&args.out, &args.image, &questions))?;
    for q in &questions {
        let how = match q.measured {
            Some(s) => format!("reference {s:.1} s on one core"),
            None => "--timeout".into(),
        };
        println!("{}  {}  timeout {} s ({how})", q.section.id(), q.dir.display(), q.timeout);
    }
    println!(
        "wrote {}: see its README.md (build and push the image, copy the folders into the course)",
        args.out.display()
    );
    Ok(Outcome::Passed)
}

fn chosen_sections(ids: &[String]) -> Result<Vec<&'static dyn Section>> {
    if ids.iter().any(|i| i == "all") {
        return Ok(sections::all());
    }
    ids.iter().map(|id| sections::find(id).ok_or_else(|| Error::Usage(sections::unknown(id)))).collect()
}

/// A question's timeout: a compilation may take the compile limit; the tests four times the
/// reference solution's time on one core (PrairieLearn gives 0.9 of one); 15 s to start the
/// container and load NVRTC.
pub fn timeout_for(reference_seconds: f64) -> u64 {
    (COMPILE_SECONDS + (4.0 * reference_seconds).ceil() as u64 + 15).min(MAX_TIMEOUT)
}

/// The slower of two gradings of the section's reference solution, each compiled afresh, on a
/// pool of one thread. The solution must pass.
fn slowest_reference_run(root: &Path, section: &dyn Section) -> Result<f64> {
    let compiler = toolchain::select(CompilerChoice::Nvrtc, true)?;
    let file = KernelFile::in_course(root, course::solution_path(root, section));
    let one_core = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|e| Error::Internal(format!("cannot make a pool of one thread: {e}")))?;
    let mut slowest: f64 = 0.0;
    for seed in [1, 2] {
        let grader = Grader::new(&EmulatorBackend, compiler);
        let start = Instant::now();
        let report = one_core.install(|| grade_isolated(&grader, section, &file, seed, false))?;
        if !report.passed {
            return Err(Error::Course(format!(
                "the reference solution of {} does not pass (grade it with `--solutions`): no timeout can be measured",
                section.id()
            )));
        }
        slowest = slowest.max(start.elapsed().as_secs_f64());
    }
    Ok(slowest)
}

/// A seed per question, the same every time it is made: every student of a question meets the
/// same hidden cases (a question's server.py may set `params.seed` to change that).
pub fn question_seed(section: &dyn Section) -> u64 {
    // FNV-1a: stable across versions and platforms, unlike std's hasher.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in section.id().bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h % 100_000 + 1
}

fn write_question(dir: &Path, section: &dyn Section, image: &str, timeout: u64, cases: Option<&Path>) -> Result<()> {
    let stub = sections::stub(section).ok_or_else(|| Error::Course(format!("no stub for {}", section.id())))?;
    let entrypoint = format!(
        "/grade/serverFilesCourse/{SERVER_FILES}/grade.sh {} {} {timeout}",
        section.id(),
        question_seed(section)
    );
    let uuid =
        uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, format!("pmpp-course:question:{}", section.id()).as_bytes());
    let info = json!({
        "uuid": uuid.to_string(),
        "title": format!("PMPP {}: {}", section.id(), english_title(section)),
        "topic": topic(section),
        "tags": ["pmpp", "cuda"],
        "type": "v3",
        "singleVariant": true,
        "gradingMethod": "External",
        "externalGradingOptions": {
            "enabled": true,
            "image": image,
            "serverFilesCourse": [format!("{SERVER_FILES}/")],
            "entrypoint": entrypoint,
            "timeout": timeout,
        },
    });
    let info = serde_json::to_string_pretty(&info).map_err(|e| Error::Internal(format!("info.json: {e}")))? + "\n";
    write_file(&dir.join("info.json"), &info)?;
    write_file(&dir.join("question.html"), &question_html(section, stub))?;
    write_file(&dir.join("kernel.cu"), stub)?;
    let tests = dir.join("tests");
    match cases {
        Some(path) => {
            let json = path.extension().is_some_and(|x| x.eq_ignore_ascii_case("json"));
            let name = if json { "private-cases.json" } else { "private-cases.toml" };
            let bytes =
                std::fs::read(path).map_err(|e| Error::Course(format!("cannot read {}: {e}", path.display())))?;
            std::fs::create_dir_all(&tests).map_err(|e| cannot_write(&tests, e))?;
            std::fs::write(tests.join(name), bytes).map_err(|e| cannot_write(&tests.join(name), e))?;
        }
        None => write_file(
            &tests.join("README.md"),
            "Private hidden cases for this question go here as `private-cases.toml` (or `.json`): \
             `grader prairielearn --cases FILE` puts them here. PrairieLearn copies this folder to \
             /grade/tests, where only the grader reads it.\n",
        )?,
    }
    Ok(())
}

/// PrairieLearn's topic (declared in the course's infoCourse.json; the README says so).
/// The section's title in English: PrairieLearn's course is written in English.
fn english_title(section: &dyn Section) -> String {
    crate::i18n::with_lang(crate::i18n::Lang::En, || sections::title_in_language(section))
}

fn topic(section: &dyn Section) -> &'static str {
    if section.id().starts_with('8') || section.id() == "challenge-3d" {
        "Stencil"
    } else {
        "Convolution"
    }
}

/// Escaped as in XML, and the braces PrairieLearn's Mustache would read.
fn html(text: &str) -> String {
    crate::render::svg::escape(text).replace('{', "&#123;").replace('}', "&#125;")
}

/// The question: the stub's opening comment as the section's text, the kernel the grader calls,
/// the targets, the editor pre-filled with the stub, and the grader's results.
pub fn question_html(section: &dyn Section, stub: &str) -> String {
    let mut paragraphs: Vec<String> = vec![String::new()];
    for line in stub.lines().map(str::trim_start).take_while(|l| l.starts_with("//")) {
        let text = line.trim_start_matches('/').trim();
        // How to grade on one's own machine is not what the browser does.
        if text.contains("cargo run") {
            continue;
        }
        match (text.is_empty(), paragraphs.last_mut()) {
            (true, _) => paragraphs.push(String::new()),
            (false, Some(p)) if !p.is_empty() => *p = format!("{p} {text}"),
            (false, Some(p)) => *p = text.to_string(),
            (false, None) => paragraphs.push(text.to_string()),
        }
    }
    let mut s = String::from("<pl-question-panel>\n");
    s.push_str(&format!("  <h4>Section {}: {}</h4>\n", html(section.id()), html(&english_title(section))));
    for p in paragraphs.iter().filter(|p| !p.is_empty()) {
        s.push_str(&format!("  <p>{}</p>\n", html(p)));
    }
    if let Some(case) = section.visible_cases().first() {
        let signature = crate::build::expected_signature(section.kernel_name(), case);
        s.push_str(&format!("  <p>The grader launches <code>{}</code>.</p>\n", html(&signature)));
    }
    s.push_str(
        "  <p>Besides the tests (visible, hidden and the metrics case) and the sanitizer, it checks:</p>\n  <ul>\n",
    );
    for t in section.targets() {
        let book = t.textbook.map(|b| format!(" (the textbook's {})", (b * 100.0).round() / 100.0)).unwrap_or_default();
        s.push_str(&format!(
            "    <li><code>{} {} {}</code>{}</li>\n",
            t.metric,
            html(t.compare.as_str()),
            t.value,
            html(&book)
        ));
    }
    s.push_str("  </ul>\n</pl-question-panel>\n\n");
    s.push_str(
        "<pl-file-editor file-name=\"kernel.cu\" ace-mode=\"ace/mode/c_cpp\" source-file-name=\"kernel.cu\" min-lines=\"30\">\n\
         </pl-file-editor>\n\n\
         <pl-submission-panel>\n  <pl-external-grader-results></pl-external-grader-results>\n  <pl-file-preview></pl-file-preview>\n\
         </pl-submission-panel>\n",
    );
    s
}

fn readme(out: &Path, image: &str, questions: &[Question]) -> String {
    let mut rows = String::new();
    for q in questions {
        let dir = q.dir.strip_prefix(out).unwrap_or(&q.dir);
        let how = q.measured.map(|s| format!("reference {s:.1} s on one core")).unwrap_or_else(|| "--timeout".into());
        rows.push_str(&format!("| {} | `{}` | {} s ({how}) |\n", q.section.id(), dir.display(), q.timeout));
    }
    format!(
        "# The PMPP course's PrairieLearn questions\n\n\
         Made by `grader prairielearn`. Into your PrairieLearn course:\n\n\
         1. Build the grading image from the course's checkout and push it where PrairieLearn can pull it\n   \
         (a public linux/amd64 image):\n\n   \
         ```\n   docker build --platform linux/amd64 -f {out}/Dockerfile -t {image} .\n   docker push {image}\n   ```\n\n\
         2. Copy `questions/pmpp/` into the course's `questions/`, and `serverFilesCourse/{SERVER_FILES}/` into its\n   \
         `serverFilesCourse/`.\n\
         3. Declare the topics and the tags in `infoCourse.json` (PrairieLearn warns about undeclared ones):\n\n   \
         ```json\n   \"topics\": [{{\"name\": \"Convolution\", \"color\": \"blue1\", \"description\": \"PMPP chapter 7\"}},\n              \
         {{\"name\": \"Stencil\", \"color\": \"green1\", \"description\": \"PMPP chapter 8\"}}],\n   \
         \"tags\": [{{\"name\": \"pmpp\", \"color\": \"gray1\"}}, {{\"name\": \"cuda\", \"color\": \"gray1\"}}]\n   ```\n\n\
         4. Add the questions to an assessment.\n\n\
         | section | question | timeout |\n|---|---|---|\n{rows}\n\
         Each submission is graded by `serverFilesCourse/{SERVER_FILES}/grade.sh` in the image: the hidden cases come \
         from the seed in `info.json`'s entrypoint (the same for every student of a question), or from \
         `params.seed` when a question's `server.py` sets one. A kernel that does not compile, or is not the \
         kernel the grader calls, is not charged as an attempt. Private hidden cases: `grader prairielearn \
         --cases FILE` puts them into each question's `tests/`.\n",
        out = out.display()
    )
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| cannot_write(dir, e))?;
    }
    std::fs::write(path, text).map_err(|e| cannot_write(path, e))
}

fn cannot_write(path: &Path, e: std::io::Error) -> Error {
    Error::Course(format!("cannot write {}: {e}", path.display()))
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).map_err(|e| cannot_write(path, e))
}

#[cfg(not(unix))]
fn make_executable(_: &Path) -> Result<()> {
    // PrairieLearn makes the entrypoint executable itself when it copies it into /grade.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timeout_covers_the_compile_limit_and_four_reference_runs() {
        assert_eq!(timeout_for(1.3), 30 + 6 + 15);
        assert_eq!(timeout_for(500.0), 600, "PrairieLearn's most");
    }

    #[test]
    fn each_question_has_its_own_seed_every_time() {
        let seeds: Vec<u64> = sections::all().iter().map(|s| question_seed(*s)).collect();
        let mut unique = seeds.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), seeds.len(), "{seeds:?}");
        assert_eq!(question_seed(section_7_4::section()), question_seed(section_7_4::section()));
        assert!(seeds.iter().all(|s| (1..=100_000).contains(s)));
    }

    #[test]
    fn the_question_quotes_the_stub_safely() {
        let stub = "// Section 9 — a <tile> & {{halo}}\n//\n// Run `cargo run -p grader -- 9`.\n// Second \"para\".\nint x;\n// not text\n";
        let page = question_html(section_7_4::section(), stub);
        assert!(page.contains("<p>Section 9 — a &lt;tile&gt; &amp; &#123;&#123;halo&#125;&#125;</p>"), "{page}");
        assert!(page.contains("<p>Second &quot;para&quot;.</p>"), "{page}");
        assert!(!page.contains("cargo run") && !page.contains("not text"), "{page}");
        assert!(page.contains("void convolution_tiled_2D_const_mem_kernel(float *, float *, int, int)"), "{page}");
        assert!(page.contains("<code>op_per_byte &gt;= 8</code>"), "{page}");
        assert!(page.contains("source-file-name=\"kernel.cu\""));
    }
}
