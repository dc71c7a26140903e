//! [`Words`]: a Fluent bundle per language and the language in use.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::model::Language;

/// The largest messages file read (the largest shipped is a few tens of kB).
const MAX_FTL_BYTES: usize = 4 << 20;

/// One language's messages.
pub type Bundle = FluentBundle<Arc<FluentResource>>;

/// Every word the interface shows, in the language in use: `words.t("menu-new-game")`,
/// `words.t_with("side-pieces", [("side", name.into()), ("count", 12.into())])`.
///
/// A message missing from the language in use comes in English; missing from English too, its
/// key is shown. Either way it is logged once and listed by [`Words::misses`] (the tests check
/// that none happens).
#[derive(Resource)]
pub struct Words {
    bundles: HashMap<Language, Bundle>,
    active: Language,
    os: Language,
    ready: bool,
    /// Whether buttons name their keys ("Undo (U)"): not on a touch screen, which has none.
    key_hints: bool,
    misses: Mutex<BTreeSet<String>>,
}

impl Words {
    /// No messages yet (they are loading); `os` is the operating system's language.
    pub fn loading(os: Language) -> Words {
        Words {
            bundles: HashMap::new(),
            active: os,
            os,
            ready: false,
            key_hints: true,
            misses: Mutex::new(BTreeSet::new()),
        }
    }

    /// Every language found under `locales` (`locales/<code>/*.ftl`), read from disk at once:
    /// for tests and the command line, which have no AssetServer. The game loads the same
    /// files through the AssetServer ([`super::I18nPlugin`]).
    pub fn from_folder(locales: &Path, active: Language) -> Words {
        let mut words = Words::loading(active);
        for language in Language::ALL {
            let folder = locales.join(language.code());
            let Ok(listed) = crate::store::files::list(&folder) else {
                warn!(
                    "no {} messages: cannot read {}",
                    language.code(),
                    folder.display()
                );
                continue;
            };
            let mut paths: Vec<_> = listed
                .into_iter()
                .map(|f| f.path)
                .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
                .collect();
            paths.sort();
            let resources = paths
                .iter()
                .filter_map(
                    |path| match crate::store::files::read_text(path, MAX_FTL_BYTES) {
                        Ok(text) => Some(Arc::new(super::files::parse(
                            text,
                            &path.display().to_string(),
                        ))),
                        Err(e) => {
                            warn!("cannot read {}: {e}", path.display());
                            None
                        }
                    },
                )
                .collect();
            words.set_bundle(language, resources);
        }
        words.ready = true;
        words
    }

    /// The game's own files (`assets/locales`), read from disk at once.
    pub fn from_assets(active: Language) -> Words {
        Words::from_folder(&Path::new(&crate::asset_folder()).join("locales"), active)
    }

    /// Replaces a language's messages with these files' (in this order).
    pub fn set_bundle(&mut self, language: Language, resources: Vec<Arc<FluentResource>>) {
        let locale: unic_langid::LanguageIdentifier = language
            .code()
            .parse()
            .expect("our language codes are valid locales");
        let mut bundle = Bundle::new_concurrent(vec![locale]);
        // egui draws Unicode isolation marks as boxes.
        bundle.set_use_isolating(false);
        for resource in resources {
            if let Err(errors) = bundle.add_resource(resource) {
                for error in errors {
                    warn!("{} messages: {error}", language.code());
                }
            }
        }
        self.bundles.insert(language, bundle);
    }

    /// Whether the messages are loaded (until then the interface is not drawn).
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// Marks the messages as loaded.
    pub fn set_ready(&mut self) {
        self.ready = true;
    }

    /// The language in use.
    pub fn language(&self) -> Language {
        self.active
    }

    /// Chooses the language in use.
    pub fn set_language(&mut self, language: Language) {
        self.active = language;
    }

    /// The operating system's language (English when it is not one of ours).
    pub fn os_language(&self) -> Language {
        self.os
    }

    /// A message without arguments.
    pub fn t(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// A message with arguments: `[("side", "Black".into()), ("count", 3.into())]`. Give numbers
    /// as numbers, so that plurals choose the right form.
    pub fn t_with<'a>(
        &self,
        id: &str,
        args: impl IntoIterator<Item = (&'a str, FluentValue<'a>)>,
    ) -> String {
        let args: FluentArgs = args.into_iter().collect();
        self.format(id, Some(&args))
    }

    /// Whether buttons name their keys.
    pub fn key_hints(&self) -> bool {
        self.key_hints
    }

    /// Buttons name their keys (a keyboard), or not (a touch screen: "Undo", not "Undo (U)").
    pub fn set_key_hints(&mut self, shown: bool) {
        self.key_hints = shown;
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        let text = self.format_any(id, args);
        if self.key_hints {
            return text;
        }
        without_key_hint(text)
    }

    fn format_any(&self, id: &str, args: Option<&FluentArgs>) -> String {
        match self.format_in(self.active, id, args) {
            Ok(text) => return text,
            Err(problem) => self.missed(self.active, id, &problem),
        }
        if self.active != Language::English {
            match self.format_in(Language::English, id, args) {
                Ok(text) => return text,
                Err(problem) => self.missed(Language::English, id, &problem),
            }
        }
        id.to_string()
    }

    /// A message in one language, or why it cannot be said: missing, or an argument missing.
    pub fn format_in(
        &self,
        language: Language,
        id: &str,
        args: Option<&FluentArgs>,
    ) -> Result<String, String> {
        let bundle = self
            .bundles
            .get(&language)
            .ok_or_else(|| "no messages in this language".to_string())?;
        let pattern = bundle
            .get_message(id)
            .and_then(|m| m.value())
            .ok_or_else(|| "no such message".to_string())?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(format!("{errors:?}"))
        }
    }

    /// Whether a language has this message.
    pub fn has(&self, language: Language, id: &str) -> bool {
        self.bundles
            .get(&language)
            .is_some_and(|b| b.has_message(id))
    }

    fn missed(&self, language: Language, id: &str, problem: &str) {
        let key = format!("{}:{id}", language.code());
        let first = self
            .misses
            .lock()
            .map(|mut m| m.insert(key.clone()))
            .unwrap_or(false);
        if first && self.ready {
            warn!("message {key}: {problem}");
        }
    }

    /// The messages that could not be said as asked (`fr:menu-new-game`), since the start.
    pub fn misses(&self) -> Vec<String> {
        self.misses
            .lock()
            .map(|m| m.iter().cloned().collect())
            .unwrap_or_default()
    }
}

/// The first of the operating system's preferred languages that is one of ours, else English.
pub fn first_supported(locales: impl IntoIterator<Item = String>) -> Language {
    locales
        .into_iter()
        .find_map(|locale| Language::from_code(&locale))
        .unwrap_or(Language::English)
}

/// `text` without the key it ends by naming: "Undo (U)", "Saves… (Ctrl+S)", "Title (Esc)",
/// "Rules (F1)", "Start (Home)" lose their last parentheses; "Black (plain)" keeps them.
pub fn without_key_hint(text: String) -> String {
    const NAMED: [&str; 8] = [
        "Esc", "Échap", "Home", "End", "Début", "Fin", "Inizio", "Fine",
    ];
    // A field's label ends with a colon after the key: "Type a move (M):".
    let colon = if text.ends_with("):") { ":" } else { "" };
    let Some(open) = text
        .strip_suffix(colon)
        .and_then(|t| t.strip_suffix(')'))
        .and_then(|t| t.rfind(" ("))
    else {
        return text;
    };
    let key = &text[open + 2..text.len() - 1 - colon.len()];
    let function = key
        .strip_prefix('F')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    // One letter or sign, not a number: "Computer — Club (6)" names a level.
    let one = key.chars().count() == 1 && !key.chars().all(|c| c.is_numeric());
    let is_key = one || function || key.starts_with("Ctrl+") || NAMED.contains(&key);
    if is_key {
        format!("{}{colon}", &text[..open])
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a touch screen the buttons do not name keys; the other parentheses stay.
    #[test]
    fn a_touch_screen_hides_the_keys_buttons_name() {
        for language in Language::ALL {
            let mut words = Words::from_assets(language);
            let with = words.t("button-undo");
            words.set_key_hints(false);
            let without = words.t("button-undo");
            assert!(
                with.starts_with(&without) && with.len() > without.len() + 2,
                "{with}"
            );
            for id in [
                "button-saves",
                "button-title",
                "button-rules",
                "review-step-start",
            ] {
                assert!(
                    !words.t(id).ends_with(')'),
                    "{language:?} {id}: {}",
                    words.t(id)
                );
            }
            let seat = words.t_with("seat-marked", [("side", "Black".into())]);
            assert!(seat.ends_with(')'), "{seat}");
        }
        for (text, bare) in [
            ("Saves… (Ctrl+S)", "Saves…"),
            ("Rules (F1)", "Rules"),
            ("Forward (→)", "Forward"),
            ("Titre (Échap)", "Titre"),
            ("UTF-8 (Unicode)", "UTF-8 (Unicode)"),
            ("Black (plain)", "Black (plain)"),
            ("(U)", "(U)"),
            ("Type a move (M):", "Type a move:"),
            ("Computer — Club (6)", "Computer — Club (6)"),
        ] {
            assert_eq!(without_key_hint(text.into()), bare);
        }
    }

    fn words() -> Words {
        let mut words = Words::loading(Language::English);
        let en = "hello = Hello, { $name }!\nonly-en = Only in English\n\
                  pieces = { $count ->\n [one] { $count } piece\n *[other] { $count } pieces\n}";
        let fr = "hello = Bonjour, { $name } !\n\
                  pieces = { $count ->\n [one] { $count } pièce\n *[other] { $count } pièces\n}";
        words.set_bundle(
            Language::English,
            vec![Arc::new(FluentResource::try_new(en.into()).unwrap())],
        );
        words.set_bundle(
            Language::French,
            vec![Arc::new(FluentResource::try_new(fr.into()).unwrap())],
        );
        words.set_ready();
        words
    }

    #[test]
    fn messages_come_in_the_language_in_use_without_isolation_marks() {
        let mut words = words();
        assert_eq!(
            words.t_with("hello", [("name", "Ada".into())]),
            "Hello, Ada!"
        );
        words.set_language(Language::French);
        assert_eq!(
            words.t_with("hello", [("name", "Ada".into())]),
            "Bonjour, Ada !"
        );
        assert!(words.misses().is_empty());
    }

    #[test]
    fn plurals_follow_the_language() {
        let mut words = words();
        assert_eq!(words.t_with("pieces", [("count", 0.into())]), "0 pieces");
        words.set_language(Language::French);
        // French says "0 pièce": zero takes the singular.
        assert_eq!(words.t_with("pieces", [("count", 0.into())]), "0 pièce");
        assert_eq!(words.t_with("pieces", [("count", 2.into())]), "2 pièces");
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_to_its_key_and_is_listed() {
        let mut words = words();
        words.set_language(Language::Italian);
        assert_eq!(words.t("only-en"), "Only in English");
        words.set_language(Language::French);
        assert_eq!(words.t("only-en"), "Only in English");
        assert_eq!(words.t("nowhere"), "nowhere");
        let misses = words.misses();
        assert!(misses.contains(&"fr:only-en".to_string()), "{misses:?}");
        assert!(misses.contains(&"it:only-en".to_string()), "{misses:?}");
        assert!(misses.contains(&"en:nowhere".to_string()), "{misses:?}");
    }

    #[test]
    fn a_missing_argument_is_a_miss() {
        let words = words();
        words.t("hello");
        assert_eq!(words.misses(), vec!["en:hello".to_string()]);
    }

    #[test]
    fn the_os_language_is_the_first_preferred_one_of_ours() {
        let locales = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            first_supported(locales(&["de-DE", "it-IT", "fr-FR"])),
            Language::Italian
        );
        assert_eq!(first_supported(locales(&["fr_CA.UTF-8"])), Language::French);
        assert_eq!(
            first_supported(locales(&["de-DE", "ja"])),
            Language::English
        );
        assert_eq!(first_supported(locales(&[])), Language::English);
    }
}
