#include "msgfmt_crypto.h"

#include <stdio.h>
#include <stdlib.h>
#include <nettle/sha2.h>
#include <pthread.h>
#include <zlib.h>

#include "msgfmt_loader.h"

// Nettle's header maps the short names to its symbols (`sha256_init` is a macro for
// `nettle_sha256_init`); the table below pastes the prefix on itself.
#undef sha256_init
#undef sha256_update
#undef sha256_digest

// Nettle is opened on first use (see msgfmt_loader.h): a one-message render never needs
// it. Nettle rather than OpenSSL's libcrypto: the same digest (with the CPU's SHA
// instructions where it has them) from a library a tenth the size, which every Debian
// system with apt already has, without a configuration file that can break it.
#define MSGFMT_NETTLE_FUNCTIONS(X) X(sha256_init) X(sha256_update) X(sha256_digest)
#define MSGFMT_NETTLE_FIELD(name) MSGFMT_LOADER_FIELD(nettle_, name)
#define MSGFMT_NETTLE_RESOLVE(name) MSGFMT_LOADER_RESOLVE(nettle, nettle_, name, load_error)
static struct { MSGFMT_NETTLE_FUNCTIONS(MSGFMT_NETTLE_FIELD) } nettle;
static char load_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    MSGFMT_LOADER_OPEN(load_error, "libnettle.so.8", "libnettle.so", "libnettle.8.dylib")
    MSGFMT_NETTLE_FUNCTIONS(MSGFMT_NETTLE_RESOLVE)
}

static void load_or_exit(void) {
    const char *reason = msgfmt_loader_once(&load_once, load, load_error);
    if (reason != NULL) {
        fprintf(stderr, "msgfmt: error: Nettle could not be loaded for SHA-256 digests: %s\n", reason);
        exit(70);
    }
}

struct msgfmt_crypto_sha256_state {
    struct sha256_ctx context;
};

void msgfmt_crypto_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
    load_or_exit();
    struct sha256_ctx context;
    nettle.sha256_init(&context);
    if (length > 0) nettle.sha256_update(&context, length, data);
    nettle.sha256_digest(&context, SHA256_DIGEST_SIZE, digest);
}

msgfmt_crypto_sha256_state *msgfmt_crypto_sha256_begin(void) {
    load_or_exit();
    msgfmt_crypto_sha256_state *state = malloc(sizeof *state);
    if (state == NULL) {
        fputs("msgfmt: error: out of memory for a SHA-256 digest\n", stderr);
        exit(70);
    }
    nettle.sha256_init(&state->context);
    return state;
}

void msgfmt_crypto_sha256_add(msgfmt_crypto_sha256_state *state, const uint8_t *data, size_t length) {
    if (length > 0) nettle.sha256_update(&state->context, length, data);
}

void msgfmt_crypto_sha256_end(msgfmt_crypto_sha256_state *state, uint8_t digest[32]) {
    // Nettle starts the context over once it has written the digest.
    nettle.sha256_digest(&state->context, SHA256_DIGEST_SIZE, digest);
}

void msgfmt_crypto_sha256_free(msgfmt_crypto_sha256_state *state) {
    free(state);
}

// zlib, for CRC-32, is opened on first use too (the PNG writer opens it on its own).
#define MSGFMT_Z_FUNCTIONS(X) X(crc32)
#define MSGFMT_Z_FIELD(name) MSGFMT_LOADER_FIELD(, name)
#define MSGFMT_Z_RESOLVE(name) MSGFMT_LOADER_RESOLVE(z, , name, z_error)
static struct { MSGFMT_Z_FUNCTIONS(MSGFMT_Z_FIELD) } z;
static char z_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t z_once = PTHREAD_ONCE_INIT;

static void load_z(void) {
    MSGFMT_LOADER_OPEN(z_error, "libz.so.1", "libz.so", "libz.1.dylib")
    MSGFMT_Z_FUNCTIONS(MSGFMT_Z_RESOLVE)
}

uint32_t msgfmt_crypto_crc32(const uint8_t *data, size_t length) {
    const char *reason = msgfmt_loader_once(&z_once, load_z, z_error);
    if (reason != NULL) {
        fprintf(stderr, "msgfmt: error: zlib could not be loaded for CRC-32 checksums: %s\n", reason);
        exit(70);
    }
    // zlib takes at most UINT_MAX bytes a call.
    uLong crc = z.crc32(0, Z_NULL, 0);
    while (length > 0) {
        uInt n = length > 0x40000000u ? 0x40000000u : (uInt)length;
        crc = z.crc32(crc, data, n);
        data += n;
        length -= n;
    }
    return (uint32_t)crc;
}
