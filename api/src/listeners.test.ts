import { describe, expect, it } from 'vitest';
import { createListeners } from './listeners.js';

describe('listeners', () => {
  it('calls every listener in turn; one that throws is reported and does not stop the others', () => {
    const errors: unknown[] = [];
    const heard: string[] = [];
    const listeners = createListeners<[string]>((error) => errors.push(error));
    listeners.add((x) => heard.push(`a:${x}`));
    listeners.add(() => {
      throw new Error('boom');
    });
    const removeC = listeners.add((x) => heard.push(`c:${x}`));
    listeners.call('1');
    removeC();
    listeners.call('2');
    expect(heard).toEqual(['a:1', 'c:1', 'a:2']);
    expect(errors).toHaveLength(2);
  });
});
