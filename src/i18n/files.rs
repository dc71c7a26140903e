//! Fluent files as Bevy assets: the `.ftl` loader.

use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use fluent_bundle::FluentResource;

/// One Fluent file, parsed.
#[derive(Asset, TypePath)]
pub struct FtlFile {
    /// The file's messages.
    pub resource: Arc<FluentResource>,
}

/// Loads `.ftl` files through the AssetServer.
#[derive(Default, TypePath)]
pub struct FtlLoader;

/// A Fluent file that could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum FtlError {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not UTF-8 text.
    #[error("the file is not UTF-8 text: {0}")]
    NotUtf8(#[from] std::string::FromUtf8Error),
}

impl AssetLoader for FtlLoader {
    type Asset = FtlFile;
    type Settings = ();
    type Error = FtlError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<FtlFile, FtlError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let text = String::from_utf8(bytes)?;
        let name = context.path().to_string();
        Ok(FtlFile {
            resource: Arc::new(parse(text, &name)),
        })
    }

    fn extensions(&self) -> &[&str] {
        &["ftl"]
    }
}

/// Parses a Fluent file. A syntax error loses only the broken entries (logged with the file's
/// name): one typo does not take a whole language away.
pub fn parse(text: String, name: &str) -> FluentResource {
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    match FluentResource::try_new(text) {
        Ok(resource) => resource,
        Err((resource, errors)) => {
            for error in errors {
                warn!("{name}: {error:?}");
            }
            resource
        }
    }
}
