import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slaStatusBadge } from './badges';
import { Badge } from './kit/Badge';
import { Attainment, lowCoverageNote, slaStatusLabel } from './SlaStatus';

describe('an SLA status as the console shows it', () => {
  it('says "Insufficient data" for a period too little of which was seen, and why in its title', () => {
    render(<Badge {...slaStatusBadge('INSUFFICIENT_DATA')} />);
    const badge = screen.getByText('Insufficient data');
    expect(badge.getAttribute('data-sla-status')).toBe('INSUFFICIENT_DATA');
    expect(badge.getAttribute('title')).toMatch(/too little of this period measured/i);
  });

  it('words every status the server gives, none as its raw code', () => {
    expect(['MET', 'AT_RISK', 'BREACHED', 'NO_DATA', 'INSUFFICIENT_DATA'].map(slaStatusLabel)).toEqual([
      'Met',
      'At risk',
      'Breached',
      'No data',
      'Insufficient data',
    ]);
  });

  it('explains BREACHED as a spent budget, so "Breached" never sits beside minutes of budget left without a reason', () => {
    render(<Badge {...slaStatusBadge('BREACHED')} />);
    expect(screen.getByText('Breached').getAttribute('title')).toMatch(/error budget is spent/);
  });
});

describe('an attained figure', () => {
  it('says how little of the period it rests on when coverage is low (the issue\'s "37.38 % attained" over a few minutes)', () => {
    render(<Attainment text="37.38 %" coveragePercent={0.4} />);
    expect(screen.getByText(/37\.38 %/).textContent).toBe('37.38 % (under 1 % of the period seen)');
  });

  it('stands alone when most of the period was seen', () => {
    const { container } = render(<Attainment text="99.95 %" coveragePercent={98} />);
    expect(container.textContent).toBe('99.95 %');
    expect(container.querySelector('[data-sla-low-coverage]')).toBeNull();
  });

  it('notes coverage below half, in whole percent, and nothing at half or without a coverage', () => {
    expect([lowCoverageNote(12.7), lowCoverageNote(49.9), lowCoverageNote(50), lowCoverageNote(null)]).toEqual([
      '12 % of the period seen',
      '49 % of the period seen',
      null,
      null,
    ]);
  });
});
