import { Step, StepButton, Stepper, useMediaQuery, type Theme } from '@mui/material';
import type { ElementType } from 'react';
import { Link } from 'wouter';
import type { CreatorStep } from './steps.ts';

interface Props {
  steps: CreatorStep[];
  active: number;
  /** A step without a path was chosen: the video does not exist yet. */
  onBlocked(): void;
}

/** The creator steps (spec 1, section 2.1): every step is a link; those up to the current one look done. */
export function StepBar({ steps, active, onBlocked }: Props) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <nav aria-label="Creator steps">
      <Stepper
        nonLinear
        alternativeLabel
        activeStep={active}
        sx={{
          '& .MuiStep-root': { px: { xs: 0, sm: 1 }, minWidth: 0 },
          '& .MuiStepButton-root': { px: { xs: 0.25, sm: 2 }, mx: { xs: 0, sm: -2 } },
          '& .MuiStepLabel-label': { fontSize: { xs: '0.72rem', sm: '0.875rem' } },
        }}
      >
        {steps.map((step, index) => {
          const label = small ? step.shortLabel : step.label;
          const current = index === active;
          return (
            <Step key={step.key} completed={index <= active}>
              {step.path ? (
                <StepButton component={Link as ElementType} href={step.path} aria-current={current ? 'step' : undefined} data-step={step.key}>
                  {label}
                </StepButton>
              ) : (
                <StepButton onClick={onBlocked} data-step={step.key}>
                  {label}
                </StepButton>
              )}
            </Step>
          );
        })}
      </Stepper>
    </nav>
  );
}
