/**
 * Link previews (issue 32): the providers shown as click-to-load embeds, their embed addresses and the sentence
 * on each card's button. Shared by the server (which writes the card) and the web app (which, on a click, makes
 * the frame); free of TypeBox, so the browser bundle can import it.
 */
export const linkPreviewLabels = {
  loadVideo: "Load video",
  loadPost: "Load post",
} as const;

export const linkPreviewProviders = {
  youtube: { label: "loadVideo", embedPattern: /^[\w-]{11}$/ },
  vimeo: { label: "loadVideo", embedPattern: /^\d{1,12}$/ },
  twitter: { label: "loadPost", embedPattern: /^\d{1,25}$/ },
} as const satisfies Record<string, { label: keyof typeof linkPreviewLabels; embedPattern: RegExp }>;

export type LinkPreviewProvider = keyof typeof linkPreviewProviders;

export const isLinkPreviewProvider = (value: string): value is LinkPreviewProvider =>
  Object.hasOwn(linkPreviewProviders, value);

/** The origins of those frames: the only ones the pages' Content-Security-Policy lets frame (`frame-src`). */
export const linkPreviewFrameOrigins = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://platform.twitter.com",
] as const;

/**
 * The frame a click loads: the only addresses a card ever frames, privacy-enhanced where the provider has one
 * (youtube-nocookie.com, Vimeo's `dnt`). Null when the id does not have the provider's form.
 */
export function linkPreviewEmbedUrl(provider: string, id: string): string | null {
  if (!isLinkPreviewProvider(provider) || !linkPreviewProviders[provider].embedPattern.test(id)) return null;
  switch (provider) {
    case "youtube":
      return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
    case "vimeo":
      return `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
    case "twitter":
      return `https://platform.twitter.com/embed/Tweet.html?id=${id}&dnt=true`;
  }
}
