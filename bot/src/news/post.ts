/**
 * One news post as the admin wrote it, text or photo, and the one way it is sent: the preview, the
 * channel post and every player's copy go through `sendPost`, so all of them look the same.
 */
import type { Api } from 'grammy';
import type { Message, MessageEntity } from 'grammy/types';

export interface NewsPost {
  /** The text, or the caption of a photo post (may be empty for a photo). */
  text: string;
  /** Formatting of `text` (a photo's caption entities). */
  entities?: MessageEntity[];
  /** A photo post: the Telegram file id of the photo, sent again by id (no upload). */
  photo?: string;
}

/** The post in an admin's message, or null when the message is neither text nor photo. */
export function postFromMessage(message: Message): NewsPost | null {
  if (message.text !== undefined) {
    return { text: message.text, ...(message.entities ? { entities: message.entities } : {}) };
  }
  // Telegram lists a photo's sizes smallest first; the largest is the original.
  const largest = message.photo?.[message.photo.length - 1];
  if (largest) {
    return {
      photo: largest.file_id,
      text: message.caption ?? '',
      ...(message.caption_entities ? { entities: message.caption_entities } : {}),
    };
  }
  return null;
}

export function sendPost(api: Api, chatId: number | string, post: NewsPost): Promise<unknown> {
  if (post.photo !== undefined) {
    return api.sendPhoto(chatId, post.photo, {
      ...(post.text !== '' ? { caption: post.text } : {}),
      ...(post.entities ? { caption_entities: post.entities } : {}),
    });
  }
  return api.sendMessage(chatId, post.text, post.entities ? { entities: post.entities } : {});
}
