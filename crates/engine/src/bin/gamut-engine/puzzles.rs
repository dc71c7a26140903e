//! `gamut-engine puzzles generate|prove`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::loa::Variant;
use gamut_engine::puzzle::generate::{Found, GenerateSettings, Progress, generate};
use gamut_engine::puzzle::{Goal, Puzzle, theme, verify};

use super::PuzzlesCommand;

/// Runs a `puzzles` subcommand.
pub fn run(action: PuzzlesCommand) -> ExitCode {
    match action {
        PuzzlesCommand::Generate {
            game,
            count,
            per_length,
            seed,
            out,
            force,
            max_games,
            budget,
            verify_budget,
            tail,
            verbose,
        } => {
            let config = match game.config() {
                Ok(config) => config,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let wanted = match per_length {
                Some(v) if v.len() == 4 => [v[0], v[1], v[2], v[3]],
                Some(_) => {
                    eprintln!("error: --per-length takes four counts, e.g. 8,8,8,6");
                    return ExitCode::from(2);
                }
                None => {
                    let base = count / 4;
                    let mut w = [base; 4];
                    for slot in w.iter_mut().take(count % 4) {
                        *slot += 1;
                    }
                    w
                }
            };
            let settings = GenerateSettings {
                config,
                wanted,
                seed,
                max_games,
                budget,
                verify_budget,
                tail_plies: tail,
                max_plies: 600,
            };
            match generate_command(&settings, &out, force, verbose) {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("error: {message}");
                    ExitCode::from(2)
                }
            }
        }
        PuzzlesCommand::Prove { paths, budget } => prove_command(&paths, budget),
    }
}

/// The puzzle files of a folder (its `*.txt`, sorted), or the file itself.
fn puzzle_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files: Vec<PathBuf> = fs::read_dir(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    Ok(files)
}

/// Reads a puzzle file (at most the record size limit).
pub fn read_puzzle(path: &Path) -> Result<Puzzle, String> {
    let record = super::read_record_file(&path.to_string_lossy())?;
    Puzzle::from_record(record).map_err(|e| format!("{}: {e}", path.display()))
}

fn prove_command(paths: &[PathBuf], budget: Option<u64>) -> ExitCode {
    let started = Instant::now();
    let (mut ok, mut failed) = (0usize, 0usize);
    for path in paths {
        let files = match puzzle_files(path) {
            Ok(files) => files,
            Err(message) => {
                eprintln!("error: {message}");
                failed += 1;
                continue;
            }
        };
        for file in files {
            let puzzle = match read_puzzle(&file) {
                Ok(puzzle) => puzzle,
                Err(message) => {
                    say!("FAIL {message}");
                    failed += 1;
                    continue;
                }
            };
            match verify(&puzzle, budget) {
                Ok(v) => {
                    ok += 1;
                    let key = match v.goal {
                        Goal::Win(_) => format!(
                            "key move {}, proof-number proof of {} positions checked",
                            v.key_moves.join(" "),
                            v.proof_positions
                        ),
                        Goal::Defend(_) => format!(
                            "saving moves {} ({} lose; threat: win in {})",
                            v.key_moves.join(" "),
                            v.losing_moves.len(),
                            v.threat.unwrap_or(0)
                        ),
                    };
                    say!(
                        "ok   {}: {} for {}, {key}, theme {}, {} positions, {:.2} s",
                        file.display(),
                        v.goal,
                        puzzle.side(),
                        theme(&puzzle).name(),
                        v.nodes,
                        v.time.as_secs_f64()
                    );
                }
                Err(e) => {
                    failed += 1;
                    say!("FAIL {}: {e}", file.display());
                }
            }
        }
    }
    say!(
        "{ok} proven, {failed} failed in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if failed == 0 && ok > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn generate_command(
    settings: &GenerateSettings,
    out: &Path,
    force: bool,
    verbose: bool,
) -> Result<(), String> {
    fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    // Generated files are w{N}-{index}.txt; other puzzles in the folder are left alone.
    let existing: Vec<PathBuf> = puzzle_files(out)?
        .into_iter()
        .filter(|p| is_generated(p))
        .collect();
    if !existing.is_empty() && !force {
        return Err(format!(
            "{} already holds {} puzzle files (give --force to replace them)",
            out.display(),
            existing.len()
        ));
    }
    let started = Instant::now();
    let mut found = generate(settings, |p| match p {
        Progress::Game { game, plies } => {
            if game % 10 == 0 {
                eprintln!(
                    "game {game} ({plies} plies), {:.0} s",
                    started.elapsed().as_secs_f64()
                );
            }
        }
        Progress::Examined {
            game,
            ply,
            verdict,
            time,
            position,
        } => {
            if verbose {
                eprintln!(
                    "  game {game} ply {ply}: {verdict} ({:.2} s) {position}",
                    time.as_secs_f64()
                );
            }
        }
        Progress::Found {
            goal,
            nodes,
            counts,
        } => eprintln!(
            "found {goal} ({nodes} positions to re-prove); wins in 1-4 so far: {counts:?}, {:.0} s",
            started.elapsed().as_secs_f64()
        ),
    });
    // Easiest first: by length, then by the size of the proof.
    found.sort_by_key(|f| (f.puzzle.goal.moves(), f.nodes));
    for file in existing {
        fs::remove_file(&file).map_err(|e| format!("cannot replace {}: {e}", file.display()))?;
    }
    let mut index = String::from("file\tgoal\tside\tfirst move\tproof positions\ttheme\n");
    let mut number = [0usize; 4];
    for f in &found {
        let n = f.puzzle.goal.moves() as usize;
        number[n - 1] += 1;
        let name = format!("w{n}-{:02}.txt", number[n - 1]);
        write_atomically(&out.join(&name), &puzzle_text(f, settings))?;
        index.push_str(&format!(
            "{name}\t{}\t{}\t{}\t{}\t{}\n",
            f.puzzle.goal,
            f.puzzle.side(),
            f.puzzle.solution()[0],
            f.nodes,
            theme(&f.puzzle).name()
        ));
    }
    write_atomically(&out.join("index.tsv"), &index)?;
    eprintln!(
        "wrote {} puzzles (wins in 1-4: {number:?}) to {} in {:.0} s",
        found.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Whether a file name is that of a generated puzzle: `w{N}-{index}.txt`.
fn is_generated(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let bytes = name.as_bytes();
    bytes.len() > 4 && bytes[0] == b'w' && bytes[1].is_ascii_digit() && bytes[2] == b'-'
}

/// The file text of a found puzzle, its origin in an `Origin` tag.
fn puzzle_text(found: &Found, settings: &GenerateSettings) -> String {
    let mut puzzle = found.puzzle.clone();
    puzzle.record.other_tags.push((
        "Origin".into(),
        format!(
            "gamut-engine puzzles generate{} --seed {}: self-play game {}, after ply {}",
            rule_options(&settings.config),
            settings.seed,
            found.game,
            found.ply
        ),
    ));
    puzzle.to_text()
}

/// Writes a file through a temporary file renamed over it.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, text)
        .and_then(|()| fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The command line's options for a game's variant or board, when not the default.
fn rule_options(config: &GameConfig) -> String {
    match config.kind {
        GameKind::LinesOfAction if config.loa.variant != Variant::Standard => {
            format!(" --variant {}", config.loa.variant.name())
        }
        GameKind::Epaminondas if config.epaminondas.board != Default::default() => {
            format!(
                " --game epaminondas --board {}",
                config.epaminondas.board.name()
            )
        }
        _ => String::new(),
    }
}
