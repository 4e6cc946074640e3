import { describe, expect, it } from 'vitest';
import { formsSubmittedOnLoad, wouldRunScript } from './victim';

describe('the simulated victim', () => {
  it.each([
    ['<script>alert(1)</script>', true],
    ['<img src=x onerror=alert(1)>', true],
    ['<svg><script>alert(1)</script></svg>', true],
    ['<a href="  jav&#x09;ascript:alert(1)">x</a>', true],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', true],
    // A browser reads this as an element named "scr<script", not a script.
    ['<scr<script>ipt>alert(1)</script>', false],
    ['<b>bold</b> &lt;script&gt;alert(1)&lt;/script&gt;', false],
    ['<template><img src=x onerror=alert(1)></template>', false],
    ['<script type="text/plain">alert(1)</script>', false],
    ['<textarea><img src=x onerror=alert(1)></textarea>', false],
  ])('reads %s in a page: script runs = %s', (html, runs) => {
    expect(wouldRunScript(html)).toBe(runs);
  });

  it('knows that script elements written with innerHTML never run, while event handlers do', () => {
    expect(wouldRunScript('<script>alert(1)</script>', 'innerHTML')).toBe(false);
    expect(wouldRunScript('<img src=x onerror=alert(1)>', 'innerHTML')).toBe(true);
    expect(wouldRunScript('<iframe srcdoc="<script>alert(1)</script>"></iframe>', 'innerHTML')).toBe(true);
  });

  it('finds forms a page submits by itself, with their fields, and not forms that wait for a click', () => {
    const auto = `<form id="f" method="POST" action="https://lab.example/i/t/my-account/change-email">
      <input type="hidden" name="email" value="attacker@example.net"></form><script>document.getElementById('f').submit()</script>`;
    expect(formsSubmittedOnLoad(auto)).toEqual([
      {
        method: 'POST',
        action: 'https://lab.example/i/t/my-account/change-email',
        fields: { email: 'attacker@example.net' },
      },
    ]);
    const click = `<form method="POST" action="/x"><input name="email" value="a@b.c"><button>Win</button></form>`;
    expect(formsSubmittedOnLoad(click)).toEqual([]);
  });
});
