import { rateText, type FirstTimeApproval } from '@studio/shared/image-review';

/** "First-time approval 92 % (11 of 12 images approved without a redo)", or why there is none yet. */
export function firstTimeApprovalText(figure: FirstTimeApproval): string {
  if (figure.rate === null) return 'First-time approval: nothing delivered yet';
  const images = figure.delivered === 1 ? 'image' : 'images';
  return `First-time approval ${rateText(figure.rate)} (${figure.firstTimeApproved} of ${figure.delivered} delivered ${images} approved without a redo)`;
}

/** A job's first-time approval figure (issue 34), as a line of the page. */
export function FirstTimeApprovalFigure({ figure }: { figure: FirstTimeApproval }) {
  return (
    <p className="first-time-approval" data-rate={figure.rate ?? undefined}>
      {firstTimeApprovalText(figure)}
    </p>
  );
}
