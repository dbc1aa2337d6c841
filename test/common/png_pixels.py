"""The pixels of a screenshot Chromium wrote (8-bit RGB or RGBA PNG, not
interlaced), with the standard library only: shared by the report tests
(test/profile/report_check.py, test/validation/report_render.py).

Unfiltering is the cost (a 1400x2400 screenshot is 10 M bytes): an Up row
(most of Chromium's) is one wide-integer addition, bytewise without carries,
instead of a Python loop over its bytes.
"""
import struct
import zlib


class PngError(Exception):
    """Not a PNG this reader handles; the message says why."""


def _read_chunks(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise PngError(f"{path} is not a PNG")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + size
    if header is None:
        raise PngError(f"{path}: the PNG has no header")
    return header, zlib.decompress(b"".join(idat))


def _add_bytes(line, prev, low, high):
    """line + prev bytewise modulo 256 (PNG's Up filter), on wide integers:
    the low 7 bits of each byte are added, the top bit is the sum's XOR."""
    x = int.from_bytes(line, "big")
    y = int.from_bytes(prev, "big")
    return bytearray((((x & low) + (y & low)) ^ ((x ^ y) & high))
                     .to_bytes(len(line), "big"))


def read_png(path, rows_needed=None):
    """(width, height, pixel(x, y) -> (r, g, b)); only the first
    rows_needed rows (default all) are unfiltered. Raises PngError."""
    header, raw = _read_chunks(path)
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise PngError(f"{path}: unexpected PNG format {header}")
    bpp = 3 if colour_type == 2 else 4
    stride = width * bpp
    high = int.from_bytes(b"\x80" * stride, "big")
    low = int.from_bytes(b"\x7f" * stride, "big")
    count = height if rows_needed is None else min(height, rows_needed)
    rows, prev = [], bytearray(stride)
    for y in range(count):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:  # Up
            line = _add_bytes(line, prev, low, high)
        elif kind == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + (left + prev[i]) // 2) & 255
        elif kind == 4:  # Paeth
            for i in range(bpp):
                line[i] = (line[i] + prev[i]) & 255
            for i in range(bpp, stride):
                a, b, c = line[i - bpp], prev[i], prev[i - bpp]
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else
                                      b if pb <= pc else c)) & 255
        elif kind != 0:
            raise PngError(f"{path}: row {y} has filter type {kind}")
        rows.append(line)
        prev = line

    def pixel(x, y):
        return tuple(rows[y][x * bpp:x * bpp + 3])
    return width, height, pixel
