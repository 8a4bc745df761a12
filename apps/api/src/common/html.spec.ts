import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('replaces the characters that could end an element or an attribute', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;');
  });

  it('leaves other text, Arabic included, as it is', () => {
    expect(escapeHtml('كشري، ٤٠ علبة')).toBe('كشري، ٤٠ علبة');
  });
});
