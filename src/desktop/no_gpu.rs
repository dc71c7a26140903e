//! A computer with no driver to draw with. Bevy's renderer then finds no graphics adapter and
//! panics with "Unable to find a GPU!" while the game starts, before any window or asset exists.
//! [`watch`] puts a panic hook in place first that recognises that panic and tells the player
//! instead, in their language (the words of `graphics.ftl`, read from the assets at once, not
//! through Bevy's asset server), what is missing and how to install it: on the terminal, and in
//! a desktop message box (`zenity`, `kdialog` or `xmessage`, the first one found: the desktop's
//! own tools, no toolkit linked into the game). The game then ends with [`EXIT_NO_GPU`].

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Once;

use crate::i18n::Words;
use crate::model::Language;

/// The exit code when nothing can draw the window.
pub const EXIT_NO_GPU: i32 = 3;

/// How Bevy's panic begins when wgpu finds no adapter (`GPU_NOT_FOUND_ERROR_MESSAGE` in
/// `bevy_render::renderer`). `scripts/test.sh` starts the game with no driver and checks that
/// the player's words come out, so a change of Bevy's wording is seen.
const BEVY_NO_GPU: &str = "Unable to find a GPU";

/// Installs (once) the panic hook that turns Bevy's "no GPU" panic into words in `language`; any
/// other panic goes on to the hook there was.
pub fn watch(language: Language) {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if info.payload_as_str().is_some_and(is_no_gpu) {
                tell(language);
                std::process::exit(EXIT_NO_GPU);
            }
            previous(info);
        }));
    });
}

/// Whether a panic's message is the renderer's "no GPU".
fn is_no_gpu(message: &str) -> bool {
    message.starts_with(BEVY_NO_GPU)
}

/// The title and the text that say what is missing and how to install it.
pub fn message(words: &Words) -> (String, String) {
    let install = if cfg!(target_os = "linux") {
        words.t("no-gpu-install-linux")
    } else {
        words.t("no-gpu-install-other")
    };
    (
        words.t("no-gpu-title"),
        format!("{}\n\n{install}", words.t("no-gpu-what")),
    )
}

/// Says it on the terminal and in a message box.
fn tell(language: Language) {
    let words = Words::from_assets(language);
    let (title, text) = message(&words);
    eprintln!("gamut: {title}\n\n{text}");
    message_box(&title, &text, &words.t("no-gpu-close"));
}

/// Shows a message box with the desktop's own tool and waits until the player closes it; nothing
/// without a display or without such a tool.
fn message_box(title: &str, text: &str, close: &str) {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        return;
    }
    // xmessage's one button, `Enter` pressing it (a `,` or `:` would split the label).
    let close = close.replace([',', ':'], " ");
    let button = format!("{close}:0");
    let tools: [(&str, Vec<&str>, Vec<u8>); 3] = [
        (
            "zenity",
            vec!["--error", "--no-markup", "--title", title, "--text", text],
            Vec::new(),
        ),
        (
            "kdialog",
            vec!["--title", title, "--error", text],
            Vec::new(),
        ),
        // xmessage reads the text from its input (`-file -`).
        (
            "xmessage",
            vec![
                "-center", "-buttons", &button, "-default", &close, "-file", "-",
            ],
            for_xmessage(title, text),
        ),
    ];
    for (tool, args, input) in tools {
        let child = Command::new(tool)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let Ok(mut child) = child else {
            continue; // not installed: the next one
        };
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(&input);
        }
        let _ = child.wait();
        return;
    }
}

/// The text as xmessage shows it well: the title first (it has no heading of its own), lines
/// wrapped at 76 columns (it does not wrap), in Latin-1 (its font's encoding: `è` would show as
/// two wrong letters in UTF-8; a letter outside Latin-1 becomes `?`).
fn for_xmessage(title: &str, text: &str) -> Vec<u8> {
    let mut out = String::new();
    for line in [title, ""].into_iter().chain(text.lines()) {
        wrap_into(&mut out, line, 76);
    }
    out.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

/// `line` cut into lines of at most `width` letters between words (a longer word stays whole),
/// each keeping the line's indent.
fn wrap_into(out: &mut String, line: &str, width: usize) {
    let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
    let mut current = indent.clone();
    for word in line.split_whitespace() {
        let len = current.chars().count();
        if len > indent.len() && len + 1 + word.chars().count() > width {
            out.push_str(&current);
            out.push('\n');
            current.clone_from(&indent);
        }
        if current.chars().count() > indent.len() {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push_str(&current);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bevys_panic_is_recognised() {
        assert!(is_no_gpu(
            "Unable to find a GPU! Make sure you have installed required drivers!"
        ));
        assert!(!is_no_gpu("index out of bounds"));
    }

    #[test]
    fn the_message_says_what_is_missing_and_how_to_install_it_in_every_language() {
        let mut seen = Vec::new();
        for language in Language::ALL {
            let (title, text) = message(&Words::from_assets(language));
            assert!(!title.is_empty() && !title.contains("no-gpu"), "{title}");
            assert!(text.contains("Vulkan"), "{language:?}: {text}");
            if cfg!(target_os = "linux") {
                assert!(
                    text.contains("sudo apt install mesa-vulkan-drivers"),
                    "{text}"
                );
            }
            seen.push(title);
        }
        seen.dedup();
        assert_eq!(seen.len(), Language::ALL.len(), "the same title twice");
    }

    #[test]
    fn xmessage_gets_wrapped_latin_1_with_the_title_first() {
        let bytes = for_xmessage(
            "Titre",
            "Aucun pilote n'a été trouvé sur cet ordinateur, il lui faut un pilote Vulkan pour dessiner.\n    sudo apt install x",
        );
        let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
        assert_eq!(lines[0], b"Titre");
        assert_eq!(lines[1], b"");
        assert!(lines.iter().all(|l| l.len() <= 76));
        assert!(lines[2].contains(&0xE9), "é in Latin-1");
        assert_eq!(lines[4], b"    sudo apt install x");
        assert_eq!(for_xmessage("œ", ""), b"?\n\n");
    }
}
