//! The lifecycle of one of the game's versioned JSON documents (the settings, the autosave,
//! the puzzle progress, the ratings, the players, the tournament), written once:
//!
//! | the file | read as | written this run | told |
//! |---|---|---|---|
//! | missing | the default | yes | nothing |
//! | read | itself | yes | nothing |
//! | from a newer version (its format above the newest known) | the default | never | [`Fate::LeftAlone`] |
//! | broken (unreadable, not JSON, wrong content, too large) | the default, or what could be salvaged | yes, once moved aside | [`Fate::SetAside`]: kept byte for byte under a new name |
//! | broken, and it cannot be moved aside | the default, or what could be salvaged | never | [`Fate::LeftAlone`] |
//!
//! A write that fails is told ([`Fate::Unwritable`]) until a write succeeds.

use bevy::log::warn;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Aside, Place};
use crate::model::{DataFile, Fate, FileProblem, FileReport, FileTrouble};

/// What a document is: which of the game's files, the most bytes read of it, and how a broken
/// one is named aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// Which file.
    pub file: DataFile,
    /// The most bytes read (a larger file is broken: too large).
    pub limit: usize,
    /// How it is named aside.
    pub aside: Aside,
}

/// What a document's reader made of the bytes.
#[derive(Debug, Clone, PartialEq)]
pub enum Parsed<T> {
    /// Read whole.
    Read(T),
    /// Written by a newer version of the game.
    TooNew {
        /// The file's format.
        format: u64,
        /// The newest this game reads.
        newest: u64,
    },
    /// Not as it should be: why, and what could still be read of it with how many entries
    /// (none: nothing).
    Broken {
        /// Why.
        why: FileProblem,
        /// What could be salvaged, and how many entries it holds.
        salvaged: Option<(T, usize)>,
    },
}

impl<T> Parsed<T> {
    /// Broken for the JSON reader's error, nothing salvaged.
    pub fn json_error(error: &serde_json::Error) -> Parsed<T> {
        Parsed::Broken {
            why: FileProblem::Unreadable(FileTrouble::from_json(error)),
            salvaged: None,
        }
    }

    /// Broken for `trouble`, nothing salvaged.
    pub fn broken(trouble: FileTrouble) -> Parsed<T> {
        Parsed::Broken {
            why: FileProblem::Unreadable(trouble),
            salvaged: None,
        }
    }
}

/// A JSON document without a version.
pub fn plain_json<T: DeserializeOwned>(bytes: &[u8]) -> Parsed<T> {
    match serde_json::from_slice(bytes) {
        Ok(value) => Parsed::Read(value),
        Err(e) => Parsed::json_error(&e),
    }
}

/// A JSON document whose version is the number in `field`: the version is read first, so a
/// newer file is known as such even where the rest of it changed shape; then the whole.
pub fn versioned_json<T: DeserializeOwned>(bytes: &[u8], field: &str, newest: u32) -> Parsed<T> {
    let value: serde_json::Value = match serde_json::from_slice(bytes) {
        Ok(value) => value,
        Err(e) => return Parsed::json_error(&e),
    };
    if let Some(format) = value.get(field).and_then(serde_json::Value::as_u64)
        && format > u64::from(newest)
    {
        return Parsed::TooNew {
            format,
            newest: newest.into(),
        };
    }
    // From the bytes again, so that an error has its line and column.
    plain_json(bytes)
}

/// A document's file and what its lifecycle decided: where it is (none: kept in memory only),
/// whether it may be written, and what to tell the player.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DocFile {
    place: Option<(Place, Spec)>,
    writable: bool,
    /// What went wrong with the file, if anything.
    pub problem: Option<FileReport>,
    /// Whether what was salvaged of a broken file is still to be written.
    salvaged: bool,
}

impl DocFile {
    /// Reads the document at `place` with `parse`, carrying out the lifecycle (see the
    /// module's table). Gives what was read (none: the default) and the file.
    pub fn open<T>(
        place: Place,
        spec: Spec,
        parse: impl FnOnce(&[u8]) -> Parsed<T>,
    ) -> (Option<T>, DocFile) {
        let mut file = DocFile {
            place: Some((place.clone(), spec)),
            writable: true,
            problem: None,
            salvaged: false,
        };
        let parsed = match place.read(spec.limit) {
            Ok(bytes) => parse(&bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (None, file),
            Err(e) => {
                warn!("cannot read {place:?}: {e}");
                Parsed::broken(FileTrouble::from_io(&e))
            }
        };
        match parsed {
            Parsed::Read(value) => (Some(value), file),
            Parsed::TooNew { format, newest } => {
                warn!("cannot read {place:?}: format {format}, newer than {newest}");
                let trouble = FileTrouble::FormatTooNew { format, newest };
                file.leave_alone(FileProblem::Unreadable(trouble));
                (None, file)
            }
            Parsed::Broken { why, salvaged } => {
                warn!("cannot read {place:?}: {why:?}");
                let (value, count) = salvaged.map_or((None, 0), |(v, n)| (Some(v), n));
                match place.move_aside(spec.aside) {
                    Ok(kept_as) => {
                        warn!("{place:?} kept as {kept_as}");
                        file.salvaged = count > 0;
                        file.report(Fate::SetAside {
                            kept_as,
                            why,
                            salvaged: count,
                        });
                    }
                    Err(e) => {
                        warn!("cannot move {place:?} aside: {e}");
                        file.leave_alone(why);
                    }
                }
                (value, file)
            }
        }
    }

    /// The file at `place`, neither read nor checked (a file the game only writes).
    pub fn unread(place: Place, spec: Spec) -> DocFile {
        DocFile {
            place: Some((place, spec)),
            writable: true,
            ..DocFile::default()
        }
    }

    fn leave_alone(&mut self, why: FileProblem) {
        self.writable = false;
        self.report(Fate::LeftAlone { why });
    }

    fn report(&mut self, fate: Fate) {
        if let Some((place, spec)) = &self.place {
            self.problem = Some(FileReport {
                file: spec.file,
                name: place.name(),
                fate,
            });
        }
    }

    /// Whether the file may be written (there is one, and it is not left alone).
    pub fn writable(&self) -> bool {
        self.writable && self.place.is_some()
    }

    /// Whether what was salvaged of a broken file is still to be written (the owner writes it
    /// at once).
    pub fn salvaged(&self) -> bool {
        self.salvaged
    }

    /// The file's place, if any.
    pub fn place(&self) -> Option<&Place> {
        self.place.as_ref().map(|(p, _)| p)
    }

    /// Writes `bytes` atomically, unless the file is left alone (or there is none). A failure
    /// is reported until a write succeeds. Gives whether it was written.
    pub fn save(&mut self, bytes: &[u8]) -> bool {
        let Some((place, _)) = self.place.clone().filter(|_| self.writable) else {
            return false;
        };
        match place.write(bytes) {
            Ok(()) => {
                self.salvaged = false;
                if matches!(
                    self.problem,
                    Some(FileReport {
                        fate: Fate::Unwritable(_),
                        ..
                    })
                ) {
                    self.problem = None;
                }
                true
            }
            Err(e) => {
                warn!("cannot write {place:?}: {e}");
                self.report(Fate::Unwritable(FileTrouble::from_io(&e)));
                false
            }
        }
    }

    /// Writes `value` as pretty JSON with a final newline (see [`DocFile::save`]).
    pub fn save_json<T: Serialize>(&mut self, value: &T) -> bool {
        match serde_json::to_string_pretty(value) {
            Ok(text) => self.save(format!("{text}\n").as_bytes()),
            Err(e) => {
                warn!("cannot write {:?}: {e}", self.place());
                self.report(Fate::Unwritable(FileTrouble::Other));
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::Ordering;

    use serde::Deserialize;

    use super::super::{Backend, MemoryBackend};
    use super::*;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Doc {
        format: u32,
        items: Vec<u8>,
    }

    const SPEC: Spec = Spec {
        file: DataFile::Ratings,
        limit: 1000,
        aside: Aside::Stamped,
    };

    fn memory() -> (Arc<MemoryBackend>, Place) {
        let backend = Arc::new(MemoryBackend::new());
        let place = Place::new(backend.clone(), "doc.json");
        (backend, place)
    }

    fn open(place: &Place) -> (Option<Doc>, DocFile) {
        DocFile::open(place.clone(), SPEC, |b| versioned_json(b, "format", 2))
    }

    /// The one name beside `doc.json` that the broken file was kept under.
    fn aside(backend: &MemoryBackend) -> String {
        let keys: Vec<String> = backend
            .keys()
            .into_iter()
            .filter(|k| k.starts_with("doc.bad-"))
            .collect();
        assert_eq!(keys.len(), 1, "{keys:?}");
        keys[0].clone()
    }

    #[test]
    fn a_missing_file_is_the_default_and_written_at_the_first_save() {
        let (backend, place) = memory();
        let (value, mut file) = open(&place);
        assert_eq!((value, &file.problem), (None, &None));
        assert!(file.writable());
        let doc = Doc {
            format: 2,
            items: vec![1, 2],
        };
        assert!(file.save_json(&doc));
        assert_eq!(open(&place).0, Some(doc));
        assert_eq!(backend.keys(), ["doc.json"]);
    }

    #[test]
    fn a_file_from_a_newer_version_is_read_only_and_never_written_over() {
        let (backend, place) = memory();
        // The rest changed shape too: still known as newer, not as broken.
        let newer = br#"{"format": 3, "items": "a new shape"}"#;
        backend.put("doc.json", newer);
        let (value, mut file) = open(&place);
        assert_eq!(value, None);
        let report = file.problem.clone().expect("reported");
        assert_eq!(report.file, DataFile::Ratings);
        assert_eq!(report.name, "doc.json");
        assert_eq!(
            report.fate,
            Fate::LeftAlone {
                why: FileProblem::Unreadable(FileTrouble::FormatTooNew {
                    format: 3,
                    newest: 2
                })
            }
        );
        assert!(!file.writable());
        assert!(!file.save(b"{}"), "never written");
        assert_eq!(backend.get("doc.json").unwrap(), newer);
        assert_eq!(backend.keys(), ["doc.json"], "nothing moved aside");
    }

    /// Cut short or garbage: kept aside byte for byte, reported with where it stops being JSON,
    /// and a new file is written at the next save.
    #[test]
    fn a_cut_or_garbage_file_is_kept_aside_byte_for_byte_and_reported() {
        let garbage: Vec<u8> = (0..300u32).map(|i| (i * 7919 % 251) as u8).collect();
        for bad in [&br#"{"format": 1, "items": [1, 2"#[..], &garbage[..]] {
            let (backend, place) = memory();
            backend.put("doc.json", bad);
            let (value, mut file) = open(&place);
            assert_eq!(value, None);
            let kept = aside(&backend);
            assert_eq!(backend.get(&kept).unwrap(), bad, "byte for byte");
            assert!(!backend.exists("doc.json"));
            match &file.problem {
                Some(FileReport {
                    fate:
                        Fate::SetAside {
                            kept_as,
                            why: FileProblem::Unreadable(FileTrouble::NotJson { .. }),
                            salvaged: 0,
                        },
                    ..
                }) => assert_eq!(*kept_as, kept),
                other => panic!("{other:?}"),
            }
            assert!(!file.salvaged());
            assert!(file.save(b"{\"format\": 2, \"items\": []}"));
            assert_eq!(backend.get(&kept).unwrap(), bad, "still kept");
        }
    }

    #[test]
    fn a_wrong_file_is_kept_aside_with_what_could_be_salvaged() {
        let (backend, place) = memory();
        let wrong = br#"{"format": 1, "items": [1, "x", 3]}"#;
        backend.put("doc.json", wrong);
        let (value, file) = DocFile::open(place, SPEC, |b| {
            match versioned_json::<Doc>(b, "format", 2) {
                Parsed::Broken { why, .. } => Parsed::Broken {
                    why,
                    salvaged: Some((
                        Doc {
                            format: 2,
                            items: vec![1, 3],
                        },
                        2,
                    )),
                },
                other => other,
            }
        });
        assert_eq!(value.map(|d| d.items), Some(vec![1, 3]));
        assert!(file.salvaged(), "to be written at once");
        assert!(matches!(
            file.problem.unwrap().fate,
            Fate::SetAside {
                why: FileProblem::Unreadable(FileTrouble::WrongContent { line: 1, .. }),
                salvaged: 2,
                ..
            }
        ));
        assert_eq!(backend.get(&aside(&backend)).unwrap(), wrong);
    }

    #[test]
    fn a_broken_file_that_cannot_be_moved_aside_is_left_alone_and_not_written() {
        let (backend, place) = memory();
        backend.refuse_moves.store(true, Ordering::Relaxed);
        backend.put("doc.json", b"not json");
        let (value, mut file) = open(&place);
        assert_eq!(value, None);
        assert!(file.problem.as_ref().is_some_and(FileReport::left_alone));
        assert!(!file.save(b"{}"));
        assert_eq!(backend.get("doc.json").unwrap(), b"not json");
    }

    #[test]
    fn a_file_too_large_is_broken_and_kept_aside() {
        let (backend, place) = memory();
        backend.put("doc.json", &vec![b' '; 1001]);
        let (_, file) = open(&place);
        assert!(matches!(
            file.problem.unwrap().fate,
            Fate::SetAside {
                why: FileProblem::Unreadable(FileTrouble::TooLarge { limit: 1000 }),
                ..
            }
        ));
        assert_eq!(backend.get(&aside(&backend)).unwrap().len(), 1001);
    }

    #[test]
    fn a_failed_write_is_reported_until_one_succeeds() {
        let (backend, place) = memory();
        let (_, mut file) = open(&place);
        backend.refuse_writes.store(true, Ordering::Relaxed);
        assert!(!file.save(b"{}"));
        assert_eq!(
            file.problem.as_ref().map(|p| &p.fate),
            Some(&Fate::Unwritable(FileTrouble::DiskFull))
        );
        backend.refuse_writes.store(false, Ordering::Relaxed);
        assert!(file.save(b"{}"));
        assert_eq!(file.problem, None);
    }

    #[test]
    fn a_file_kept_in_memory_only_is_never_written() {
        let mut file = DocFile::default();
        assert!(!file.writable());
        assert!(!file.save(b"{}"));
        assert_eq!(file.problem, None);
    }
}
