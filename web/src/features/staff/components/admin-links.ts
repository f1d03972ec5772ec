/**
 * The SUPER_ADMIN dashboard's buttons (spec §2, §6: every management page). A page not built yet
 * still links here: the router's not-found page answers it.
 */
import type { DashboardLink } from './staff-dashboard.tsx';

export const adminLinkGroups: { heading: string; links: DashboardLink[] }[] = [
  {
    heading: 'Services',
    links: [
      { path: '/add-service', label: 'Add Service', description: 'Create a service with before and after images.' },
      { path: '/service-list', label: 'Service List', description: 'Browse services and their subservices.' },
      { path: '/service-table', label: 'Service Table', description: 'Edit or delete services and subservices.' },
      { path: '/add-subservice', label: 'Add Subservice', description: 'Subservices with prices per currency.' },
      { path: '/upload-image', label: 'Upload Image', description: 'Upload a single image.' },
      {
        path: '/mangageImageCaraousal',
        label: 'Service Images',
        description: 'Upload, reorder and delete the images of a service.',
      },
    ],
  },
  {
    heading: 'Gallery and home page',
    links: [
      { path: '/add-gallaryitem', label: 'Add Gallery Showcase', description: 'A before/after showcase item.' },
      { path: '/manage-gallary', label: 'Manage Gallery', description: 'Add, edit, reorder and delete gallery items.' },
      {
        path: '/home-content',
        label: 'Home Page Content',
        description: 'Slider and carousel images, testimonials.',
      },
    ],
  },
  {
    heading: 'People and work',
    links: [
      { path: '/user-table', label: 'Users', description: 'Clients and staff: invite, disable, delete, view jobs.' },
      { path: '/manager', label: 'Jobs', description: 'Assign jobs to editors and edit job details.' },
      {
        path: '/qc',
        label: 'QC',
        description: 'Delivered images waiting for a check, oldest first: pass, or fail with a note.',
      },
      { path: '/contact-leads', label: 'Contact Leads', description: 'Messages from the contact form.' },
      { path: '/house-specs', label: 'House Specs', description: 'Style specs clients copy and start from.' },
      {
        path: '/settings',
        label: 'Studio Settings',
        description: 'Legal and bank details on invoices, VAT rate, release of files before payment.',
      },
      {
        path: '/email-settings',
        label: 'E-mail Notifications',
        description: 'Your own e-mails, and the e-mails that could not be delivered.',
      },
    ],
  },
  {
    heading: 'Careers',
    links: [
      { path: '/job-postings', label: 'Job Postings', description: 'Create, edit and close job openings.' },
      { path: '/review-applications', label: 'Review Applications', description: 'Applications and their files.' },
    ],
  },
];
