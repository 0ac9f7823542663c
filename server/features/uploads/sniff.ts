/** What a file's first bytes say it is; uploads are checked by extension and by content. */
export type SniffedType =
  | "image/png"
  | "image/jpeg"
  | "image/gif"
  | "image/webp"
  | "image/bmp"
  | "image/avif"
  | "application/pdf"
  | "application/zip"
  | "application/x-ole-storage"
  | "application/vnd.rar"
  | "text/plain"
  | "video/webm"
  | "audio/webm"
  | null;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((value, index) => bytes[offset + index] === value);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniff(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("BM"))) return "image/bmp";
  if (startsWith(bytes, ascii("ftypavif"), 4)) return "image/avif";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return "application/zip";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "application/x-ole-storage";
  if (startsWith(bytes, ascii("Rar!\x1a\x07"))) return "application/vnd.rar";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  if (isText(bytes)) return "text/plain";
  return null;
}

/** UTF-8 text without control characters other than tab, line feed and carriage return. */
function isText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export const IMAGE_TYPES = new Set<SniffedType>([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/bmp",
  "image/avif",
]);

/** The extensions an image of each type is named with, the first the one given to a name without them. */
const IMAGE_EXTENSIONS: Partial<Record<NonNullable<SniffedType>, string[]>> = {
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg", "jfif"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/bmp": ["bmp"],
  "image/avif": ["avif"],
};

/** Whether a file's extension names an image (what it holds is checked by its content). */
export const namesAnImage = (extension: string): boolean =>
  Object.values(IMAGE_EXTENSIONS).some((extensions) => extensions?.includes(extension.toLowerCase()));

/**
 * An image's file name with an extension of its type: an image is accepted by its content
 * whatever it was named, and kept under a name that says what it is (`invoice.html` holding a PNG
 * is kept as `invoice.png`, so "Save image as" writes no page that a browser would run).
 */
export function imageName(filename: string, type: SniffedType): string {
  const extensions = type ? IMAGE_EXTENSIONS[type] : undefined;
  if (!extensions) return filename;
  const dot = filename.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot + 1)] : [filename, ""];
  return extensions.includes(extension.toLowerCase()) ? filename : `${stem}.${extensions[0]}`;
}
