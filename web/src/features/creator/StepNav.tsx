import { ArrowBack, ArrowForward } from '@mui/icons-material';
import { Box, Button } from '@mui/material';
import type { ElementType } from 'react';
import { Link } from 'wouter';
import type { CreatorStep } from './steps.ts';

interface Props {
  back: CreatorStep | null;
  next: CreatorStep | null;
  onBlocked(): void;
}

function StepLinkButton({ step, onBlocked, direction }: { step: CreatorStep; onBlocked(): void; direction: 'back' | 'next' }) {
  const icon = direction === 'back' ? { startIcon: <ArrowBack /> } : { endIcon: <ArrowForward /> };
  const text = direction === 'back' ? 'Back' : 'Next';
  const variant = direction === 'back' ? 'outlined' : 'contained';
  const label = `${text}: ${step.label}`;
  if (!step.path) {
    return (
      <Button variant={variant} onClick={onBlocked} aria-label={label} {...icon}>
        {text}
      </Button>
    );
  }
  return (
    <Button component={Link as ElementType} href={step.path} variant={variant} aria-label={label} {...icon}>
      {text}
    </Button>
  );
}

/** Back and Next, in their own area below the page (spec 1, section 2.1). */
export function StepNav({ back, next, onBlocked }: Props) {
  if (!back && !next) return null;
  return (
    <Box
      component="nav"
      aria-label="Previous and next step"
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 4, pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <span>{back && <StepLinkButton step={back} onBlocked={onBlocked} direction="back" />}</span>
      <span>{next && <StepLinkButton step={next} onBlocked={onBlocked} direction="next" />}</span>
    </Box>
  );
}
