//! Sealed tables: a game with people whose seed the server makes and keeps to itself until the
//! game's end, as Tenhou keeps its shuffle's seed secret and publishes it in the record after.
//!
//! The server keeps no game. A sealed game is a random *nonce* of 16 bytes, and everything
//! else follows from it and the server's secret key (HMAC-SHA256):
//!
//! - the **seed** of the walls: 53 bits of `HMAC(key, "seed" ‖ nonce)` (53 so that it is exact
//!   as a JSON number in every language);
//! - a **salt** of 16 bytes, `HMAC(key, "salt" ‖ nonce)`;
//! - the **commitment** shown from the first answer on: the SHA-256 of the text
//!   `tiles mahjong seal v1\n<salt in hex>\n<seed in decimal>` (`printf` it into `sha256sum`);
//!   at the game's end the seed and salt are revealed (in the answer and in every record), so
//!   anyone can check that the walls dealt are the seed's and the seed the one committed to;
//! - each person's **token**: the nonce, the seat and `HMAC(key, "token" ‖ nonce ‖ seat ‖ the
//!   table's settings)`, in hex. It opens the game for that seat only and only at that table
//!   (the same rules and line-up), and says nothing of the seed without the key;
//! - a **proof** of the decisions made so far: their count and `HMAC(key, "moves" ‖ nonce ‖
//!   count ‖ SHA-256 of the decisions)`. At a table of two or more people each request adds
//!   only its own seat's decisions; another person's come from an answer, and its proof
//!   vouches for them.
//!
//! The key is the server's own ([`seal_with`]), or a random one made once per process.

use std::sync::RwLock;

use hmac::{Hmac, Mac};
use mahjong_game::GameRules;
use serde_json::Value;
use sha2::{Digest, Sha256};

type Keyed = Hmac<Sha256>;

static KEY: RwLock<Option<[u8; 32]>> = RwLock::new(None);

/// Seals tables with `key` from now on (a server's key kept in a file, so that its sealed
/// games survive a restart). Without it, a random key is made the first time one is needed,
/// and the tokens it signs open games only until the process ends.
pub fn seal_with(key: [u8; 32]) {
    *KEY.write()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(key);
}

/// Seals tables with a key made from `secret` (its SHA-256): the contents of a server's
/// secret file, at least 32 bytes (`head -c 32 /dev/urandom`).
///
/// # Errors
///
/// A secret shorter than 32 bytes.
pub fn seal_with_secret(secret: &[u8]) -> Result<(), String> {
    if secret.len() < 32 {
        return Err(format!(
            "a secret of {} bytes: at least 32 (head -c 32 /dev/urandom > FILE makes one)",
            secret.len()
        ));
    }
    seal_with(Sha256::digest(secret).into());
    Ok(())
}

/// The key tables are sealed with.
fn key() -> Result<[u8; 32], String> {
    if let Some(key) = *KEY
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Ok(key);
    }
    let mut slot = KEY
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(key) = *slot {
        return Ok(key);
    }
    let mut key = [0; 32];
    getrandom::fill(&mut key).map_err(|error| format!("no random key to seal with: {error}"))?;
    *slot = Some(key);
    Ok(key)
}

/// The largest seed a sealed game has (53 bits).
const SEED_BITS: u64 = (1 << 53) - 1;

/// The length of a token in bytes: nonce, seat, tag.
const TOKEN_BYTES: usize = 16 + 1 + 16;

/// A sealed game.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seal {
    key: [u8; 32],
    nonce: [u8; 16],
}

impl Seal {
    /// A new sealed game.
    pub(crate) fn new() -> Result<Seal, String> {
        let mut nonce = [0; 16];
        getrandom::fill(&mut nonce).map_err(|error| format!("no random nonce: {error}"))?;
        Ok(Seal { key: key()?, nonce })
    }

    /// `HMAC(key, label ‖ parts…)`.
    fn mac(&self, label: &str, parts: &[&[u8]]) -> Keyed {
        let mut mac = Keyed::new_from_slice(&self.key).expect("HMAC takes any key");
        mac.update(label.as_bytes());
        mac.update(&self.nonce);
        for part in parts {
            mac.update(part);
        }
        mac
    }

    /// What tells this game from every other: its nonce.
    pub(crate) fn id(&self) -> &[u8] {
        &self.nonce
    }

    /// The seed of the game's walls.
    pub(crate) fn seed(&self) -> u64 {
        let tag = self.mac("seed", &[]).finalize().into_bytes();
        u64::from_le_bytes(tag[..8].try_into().expect("eight bytes")) & SEED_BITS
    }

    /// The salt of the commitment, in hex.
    pub(crate) fn salt(&self) -> String {
        let tag = self.mac("salt", &[]).finalize().into_bytes();
        hex(&tag[..16])
    }

    /// The commitment to the seed shown from the start.
    pub(crate) fn commitment(&self) -> String {
        commitment(&self.salt(), self.seed())
    }

    /// The token that opens this game for `seat` at a table of `settings`.
    pub(crate) fn token(&self, seat: usize, settings: &str) -> String {
        let seat = [seat as u8];
        let tag = self
            .mac("token", &[&seat, settings.as_bytes()])
            .finalize()
            .into_bytes();
        let mut bytes = Vec::with_capacity(TOKEN_BYTES);
        bytes.extend_from_slice(&self.nonce);
        bytes.extend_from_slice(&seat);
        bytes.extend_from_slice(&tag[..16]);
        hex(&bytes)
    }

    /// The game and seat a token opens at a table of `settings`.
    ///
    /// # Errors
    ///
    /// Not a token, or not one of this server's for this table.
    pub(crate) fn open(token: &str, settings: &str) -> Result<(Seal, usize), String> {
        let bytes = unhex(token)
            .filter(|bytes| bytes.len() == TOKEN_BYTES)
            .ok_or_else(|| {
                format!(
                    "token: expected the {} hex digits a sealed game's answer gives",
                    2 * TOKEN_BYTES
                )
            })?;
        let seal = Seal {
            key: key()?,
            nonce: bytes[..16].try_into().expect("sixteen bytes"),
        };
        let seat = bytes[16];
        seal.mac("token", &[&[seat], settings.as_bytes()])
            .verify_truncated_left(&bytes[17..])
            .map_err(|_| {
                "token: not a token of this table: its rules or line-up differ from the game it opens, or another server (or this one before a restart without --secret-file) made it".to_owned()
            })?;
        Ok((seal, usize::from(seat)))
    }

    /// The proof that `moves` are this game's decisions so far.
    pub(crate) fn proof(&self, moves: &[Value]) -> String {
        let count = (moves.len() as u32).to_be_bytes();
        let tag = self
            .mac("moves", &[&count, &digest(moves)])
            .finalize()
            .into_bytes();
        let mut bytes = count.to_vec();
        bytes.extend_from_slice(&tag[..16]);
        hex(&bytes)
    }

    /// How many of `moves`, from the first, `proof` vouches for.
    ///
    /// # Errors
    ///
    /// Not a proof, or not one of this game's for these decisions.
    pub(crate) fn vouched(&self, proof: &str, moves: &[Value]) -> Result<usize, String> {
        let bytes = unhex(proof)
            .filter(|bytes| bytes.len() == 20)
            .ok_or("proof: expected the 40 hex digits an answer gives")?;
        let count = u32::from_be_bytes(bytes[..4].try_into().expect("four bytes")) as usize;
        if count > moves.len() {
            return Err(format!(
                "proof: it vouches for {count} decisions, and moves has {}",
                moves.len()
            ));
        }
        self.mac("moves", &[&bytes[..4], &digest(&moves[..count])])
            .verify_truncated_left(&bytes[4..])
            .map_err(|_| {
                "proof: not this game's for these decisions (the first ones of moves differ from those the answer that gave it had)".to_owned()
            })?;
        Ok(count)
    }
}

/// The commitment to `seed` with `salt` (hex): the SHA-256, in hex, of
/// `tiles mahjong seal v1\n<salt>\n<seed>`.
pub fn commitment(salt: &str, seed: u64) -> String {
    hex(&Sha256::digest(format!(
        "tiles mahjong seal v1\n{salt}\n{seed}"
    )))
}

/// The table's settings as a token binds them: every rule and the line-up.
pub(crate) fn settings(rules: &GameRules, names: &[String]) -> String {
    format!("{rules:?} seats={}", names.join(","))
}

/// SHA-256 of the decisions, one JSON text a line (serde_json writes an object's keys in
/// order, so the same decision always reads the same).
fn digest(moves: &[Value]) -> [u8; 32] {
    let mut hash = Sha256::new();
    for one in moves {
        hash.update(one.to_string().as_bytes());
        hash.update(b"\n");
    }
    hash.finalize().into()
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&text[at..at + 2], 16).ok())
        .collect()
}

/// The tag a checkpoint's text starts with (its format's version).
const CHECKPOINT_V1: &str = "c1";

/// A checkpoint: every decision of a table's game so far, every seat's (the bots' too), as the
/// server made them, so that the next answer plays them again without asking the bots (the
/// bots' choices are most of an answer's work). Sealed with XChaCha20-Poly1305 under a key
/// derived from the server's: nobody but the server reads it (a bot's passes would tell what
/// it could call) or makes one, and it holds only for the game, table and first `covered`
/// person's decisions it was made after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Checkpoint {
    /// How many of the request's `moves`, from the first, the decisions include.
    pub covered: usize,
    /// Every decision made, in order: the seat and the action's id (the RL encoding's).
    pub decisions: Vec<(u8, u16)>,
}

/// What a checkpoint is bound to: its game (a sealed game's nonce, a practice game's seed),
/// the table's settings, and the person's decisions it covers.
fn checkpoint_binding(game: &[u8], settings: &str, moves: &[Value]) -> Vec<u8> {
    let mut bound = b"tiles checkpoint v1\n".to_vec();
    bound.extend_from_slice(&(game.len() as u32).to_be_bytes());
    bound.extend_from_slice(game);
    bound.extend_from_slice(&(settings.len() as u32).to_be_bytes());
    bound.extend_from_slice(settings.as_bytes());
    bound.extend_from_slice(&(moves.len() as u32).to_be_bytes());
    bound.extend_from_slice(&digest(moves));
    bound
}

/// The cipher checkpoints are sealed with: its key the HMAC of the server's with a label of
/// its own.
fn checkpoint_cipher() -> Result<chacha20poly1305::XChaCha20Poly1305, String> {
    let mut mac = <Keyed as Mac>::new_from_slice(&key()?).expect("HMAC takes any key");
    mac.update(b"checkpoint key");
    let derived = mac.finalize().into_bytes();
    Ok(<chacha20poly1305::XChaCha20Poly1305 as chacha20poly1305::KeyInit>::new(&derived))
}

impl Checkpoint {
    /// The checkpoint as the text an answer gives: `c1`, the covered count (8 hex digits), the
    /// nonce (48) and the sealed decisions, in hex.
    ///
    /// # Errors
    ///
    /// No key to seal with.
    pub(crate) fn seal(
        &self,
        game: &[u8],
        settings: &str,
        moves: &[Value],
    ) -> Result<String, String> {
        use chacha20poly1305::aead::{Aead, Payload};
        let covered = &moves[..self.covered.min(moves.len())];
        let mut plain = Vec::with_capacity(3 * self.decisions.len());
        for &(seat, id) in &self.decisions {
            plain.push(seat);
            plain.extend_from_slice(&id.to_le_bytes());
        }
        let aad = checkpoint_binding(game, settings, covered);
        // The nonce is a MAC of all that is sealed (as SIV does): the same game, decisions and
        // key give the same text, so the same request still gets the same answer, and two
        // checkpoints share a nonce only when they are the same.
        let mut mac = <Keyed as Mac>::new_from_slice(&key()?).expect("HMAC takes any key");
        mac.update(b"checkpoint nonce");
        mac.update(&aad);
        mac.update(&plain);
        let tag = mac.finalize().into_bytes();
        let nonce: [u8; 24] = tag[..24].try_into().expect("24 bytes");
        let sealed = checkpoint_cipher()?
            .encrypt(
                (&nonce).into(),
                Payload {
                    msg: &plain,
                    aad: &aad,
                },
            )
            .map_err(|_| "the checkpoint could not be sealed".to_owned())?;
        let mut bytes = (covered.len() as u32).to_be_bytes().to_vec();
        bytes.extend_from_slice(&nonce);
        bytes.extend_from_slice(&sealed);
        Ok(format!("{CHECKPOINT_V1}{}", hex(&bytes)))
    }

    /// The checkpoint an answer gave, for this game and table, if `moves` start with the
    /// decisions it covers.
    ///
    /// # Errors
    ///
    /// Not a checkpoint, or not one of this server's for this game, table and decisions.
    pub(crate) fn open(
        text: &str,
        game: &[u8],
        settings: &str,
        moves: &[Value],
    ) -> Result<Checkpoint, String> {
        use chacha20poly1305::aead::{Aead, Payload};
        let bytes = text
            .strip_prefix(CHECKPOINT_V1)
            .and_then(unhex)
            .filter(|bytes| bytes.len() >= 4 + 24 + 16)
            .ok_or(
                "checkpoint: expected the text an answer's checkpoint gives (c1 and hex digits)",
            )?;
        let covered = u32::from_be_bytes(bytes[..4].try_into().expect("four bytes")) as usize;
        if covered > moves.len() {
            return Err(format!(
                "checkpoint: it covers {covered} decision{}, and moves has {}",
                if covered == 1 { "" } else { "s" },
                moves.len()
            ));
        }
        let plain = checkpoint_cipher()?
            .decrypt(
                bytes[4..28].into(),
                Payload {
                    msg: &bytes[28..],
                    aad: &checkpoint_binding(game, settings, &moves[..covered]),
                },
            )
            .map_err(|_| {
                "checkpoint: not this game's for these decisions (the first ones of moves differ from those the answer that gave it had, or another server, or this one before a restart without --secret-file, made it)".to_owned()
            })?;
        if !plain.len().is_multiple_of(3) {
            return Err("checkpoint: not a checkpoint of this version".to_owned());
        }
        let decisions = plain
            .chunks_exact(3)
            .map(|one| (one[0], u16::from_le_bytes([one[1], one[2]])))
            .collect();
        Ok(Checkpoint { covered, decisions })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed, salt and commitment follow from the nonce; a token opens its own seat at its
    /// own table and nothing else; a proof vouches for its decisions and no others.
    #[test]
    fn tokens_and_proofs_open_only_their_own() {
        let seal = Seal::new().unwrap();
        let other = Seal::new().unwrap();
        assert_ne!(seal.seed(), other.seed());
        assert!(seal.seed() <= SEED_BITS);
        assert_eq!(seal.commitment(), commitment(&seal.salt(), seal.seed()));
        let rules = GameRules::default();
        let names = vec![
            "human".to_owned(),
            "value".to_owned(),
            "value".to_owned(),
            "value".to_owned(),
        ];
        let table = settings(&rules, &names);
        let token = seal.token(0, &table);
        let (opened, seat) = Seal::open(&token, &table).unwrap();
        assert_eq!((opened.seed(), seat), (seal.seed(), 0));
        let mut weaker = names.clone();
        weaker[1] = "random".to_owned();
        assert!(Seal::open(&token, &settings(&rules, &weaker)).is_err());
        // Another seat's token cannot be made from this one.
        let mut forged = unhex(&token).unwrap();
        forged[16] = 1;
        assert!(Seal::open(&hex(&forged), &table).is_err());
        assert!(
            Seal::open("zz", &table)
                .unwrap_err()
                .starts_with("token: expected")
        );
        let moves = vec![
            serde_json::json!({"type": "dahai", "pai": "1m"}),
            serde_json::json!({"type": "none"}),
        ];
        let proof = seal.proof(&moves[..1]);
        assert_eq!(seal.vouched(&proof, &moves), Ok(1));
        let changed = vec![
            serde_json::json!({"type": "dahai", "pai": "9m"}),
            serde_json::json!({"type": "none"}),
        ];
        assert!(seal.vouched(&proof, &changed).is_err());
        assert!(other.vouched(&proof, &moves).is_err());
    }
}
